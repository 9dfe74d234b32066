import { useCallback } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { api, unwrap } from '../api/client';

/**
 * Signs out: the server ends the session and clears its cookies; the site goes home and reloads the
 * root data so no signed-in state stays behind (account data lives under the account screens only).
 */
export function useSignOut() {
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  return useCallback(async () => {
    try {
      await unwrap(api.POST('/api/auth:signOut'));
    } finally {
      await navigate('/', { replace: true });
      await revalidate();
    }
  }, [navigate, revalidate]);
}
