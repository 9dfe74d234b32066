import { useCallback } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { api, unwrap } from '../api/client';
import type { SignedOutNotice, SignedOutState } from '../components/SignedOutNotice';

/**
 * Signs out: the server ends the session and clears its cookies; the site goes home and reloads the
 * root data so no signed-in state stays behind (account data lives under the account screens only).
 * A sign-out the user did not ask for in those words (declining the terms of use) names its reason,
 * which the home page then shows (components/SignedOutNotice.tsx).
 */
export function useSignOut() {
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  return useCallback(
    async (options: { notice?: SignedOutNotice } = {}) => {
      const state: SignedOutState | null = options.notice ? { signedOutNotice: options.notice } : null;
      try {
        await unwrap(api.POST('/api/auth:signOut'));
      } finally {
        await navigate('/', { replace: true, state });
        await revalidate();
      }
    },
    [navigate, revalidate],
  );
}
