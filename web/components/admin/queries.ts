import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, api, unwrap } from '../../api/client';
import { ADMIN_TITLE_ID } from './AdminPage';

/** The query of a server-paged users table (useTableState's `query`). */
export type UserTableQuery = {
  page: number;
  pageSize: number | 'all';
  sortBy: 'name' | 'email' | 'createdAt' | 'lastSignIn';
  sortDirection: 'asc' | 'desc';
  search?: string;
};
export type InvitationTableQuery = Omit<UserTableQuery, 'sortBy'> & {
  sortBy: 'createdAt' | 'email' | 'expiresAt';
};
export type RoleTableQuery = Omit<UserTableQuery, 'sortBy'> & { sortBy: 'name' | 'members' };

/**
 * Query keys and loaders of the admin screens (TanStack Query, client only). Every key starts with
 * 'admin' and the record kind, so a write invalidates the kind (['admin', 'users']) at once.
 */
export const adminQueries = {
  users: (query: UserTableQuery) => ({
    queryKey: ['admin', 'users', 'table', query] as const,
    queryFn: () => unwrap(api.GET('/api/users', { params: { query } })),
  }),
  user: (guid: string) => ({
    queryKey: ['admin', 'users', 'one', guid] as const,
    queryFn: () => unwrap(api.GET('/api/users/{guid}', { params: { path: { guid } } })),
  }),
  userSessions: (guid: string) => ({
    queryKey: ['admin', 'users', 'sessions', guid] as const,
    queryFn: () => unwrap(api.GET('/api/users/{guid}/sessions', { params: { path: { guid } } })),
  }),
  userActivity: (guid: string, query: { page: number; pageSize: number }) => ({
    queryKey: ['admin', 'users', 'activity', guid, query] as const,
    queryFn: () => unwrap(api.GET('/api/users/{guid}/activity', { params: { path: { guid }, query } })),
  }),
  /** Every role by name, for pickers (users, invitations, list permissions). */
  roles: {
    queryKey: ['admin', 'roles', 'all'] as const,
    queryFn: async () =>
      (await unwrap(api.GET('/api/roles', { params: { query: { pageSize: 'all', sortBy: 'name' } } }))).items,
  },
  rolesTable: (query: RoleTableQuery) => ({
    queryKey: ['admin', 'roles', 'table', query] as const,
    queryFn: () => unwrap(api.GET('/api/roles', { params: { query } })),
  }),
  roleMembers: (guid: string, query: UserTableQuery) => ({
    queryKey: ['admin', 'roles', 'members', guid, query] as const,
    queryFn: () => unwrap(api.GET('/api/roles/{guid}/members', { params: { path: { guid }, query } })),
  }),
  propertyDefinitions: {
    queryKey: ['admin', 'propertyDefinitions'] as const,
    queryFn: () => unwrap(api.GET('/api/profilepropertydefinitions')),
  },
  invitations: (query: InvitationTableQuery) => ({
    queryKey: ['admin', 'invitations', query] as const,
    queryFn: () => unwrap(api.GET('/api/userinvitations', { params: { query } })),
  }),
};

export type AdminUserRow = Awaited<
  ReturnType<ReturnType<typeof adminQueries.users>['queryFn']>
>['items'][number];
export type AdminUser = Awaited<ReturnType<ReturnType<typeof adminQueries.user>['queryFn']>>;
export type AdminRole = Awaited<ReturnType<typeof adminQueries.roles.queryFn>>[number];
export type AdminRoleRow = Awaited<
  ReturnType<ReturnType<typeof adminQueries.rolesTable>['queryFn']>
>['items'][number];
export type AdminPropertyDefinition = Awaited<
  ReturnType<typeof adminQueries.propertyDefinitions.queryFn>
>[number];
export type AdminInvitation = Awaited<
  ReturnType<ReturnType<typeof adminQueries.invitations>['queryFn']>
>['items'][number];

/** A user's name as the admin screens show it, or the e-mail address when there is none. */
export function displayName(user: {
  firstName: string;
  middleName: string;
  lastName: string;
  email: string;
}) {
  return [user.firstName, user.middleName, user.lastName].filter(Boolean).join(' ') || user.email;
}

/** The explanation of a refused write (the first detail's message), when the API gave one. */
export function errorDetail(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const body = error.body as { error?: { details?: { message?: string }[] } } | undefined;
  return body?.error?.details?.[0]?.message;
}

/**
 * Leaves the screen when the API says the session ended (401: sign in again) or the account is no
 * longer an admin (403: the unauthorized page).
 */
export function useAccessGuard(error: unknown) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!(error instanceof ApiError)) return;
    if (error.status === 401) {
      const returnTo = `${window.location.pathname}${window.location.search}`;
      void navigate(`/sign-in?returnTo=${encodeURIComponent(returnTo)}`, { replace: true });
    } else if (error.status === 403) {
      void navigate('/unauthorized', { replace: true });
    }
  }, [error, navigate]);
}

/** A dialog's opener went with the record it deleted: the screen's heading takes the focus once it closed. */
export function focusHeadingAfterDialog() {
  // After the modal's closing transition, which would otherwise return the focus to nothing.
  window.setTimeout(() => document.getElementById(ADMIN_TITLE_ID)?.focus(), 300);
}
