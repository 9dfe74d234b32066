import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, api, unwrap } from '../../api/client';

/** Query keys and loaders of the admin screens (TanStack Query, client only). */
export const adminQueries = {
  users: (search: string) => ({
    queryKey: ['admin', 'users', search] as const,
    queryFn: () => unwrap(api.GET('/api/users', { params: { query: search ? { search } : {} } })),
  }),
  roles: {
    queryKey: ['admin', 'roles'] as const,
    queryFn: () => unwrap(api.GET('/api/roles')),
  },
  invitations: {
    queryKey: ['admin', 'invitations'] as const,
    queryFn: () => unwrap(api.GET('/api/userinvitations')),
  },
};

export type AdminUser = Awaited<ReturnType<ReturnType<typeof adminQueries.users>['queryFn']>>[number];
export type AdminRole = Awaited<ReturnType<typeof adminQueries.roles.queryFn>>[number];
export type AdminInvitation = Awaited<ReturnType<typeof adminQueries.invitations.queryFn>>[number];

/**
 * Leaves the screen when the API says the session ended (401: sign in again) or the account is no
 * longer an admin (403: the unauthorized page).
 */
export function useAccessGuard(error: unknown) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!(error instanceof ApiError)) return;
    if (error.status === 401) {
      void navigate(`/sign-in?returnTo=${encodeURIComponent('/admin/users')}`, { replace: true });
    } else if (error.status === 403) {
      void navigate('/unauthorized', { replace: true });
    }
  }, [error, navigate]);
}
