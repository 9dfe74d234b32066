import { api, unwrap } from '../api/client';

/** Query keys and loaders of the account screens (TanStack Query, client only). */
export const accountQueries = {
  profile: {
    queryKey: ['account', 'profile'] as const,
    queryFn: () => unwrap(api.GET('/api/profiles:loggedIn')),
  },
  /** Admins change the definitions at any time: the account pages never show a stale set. */
  properties: {
    queryKey: ['account', 'properties'] as const,
    queryFn: () => unwrap(api.GET('/api/profileproperties')),
    staleTime: 0,
  },
  activity: {
    queryKey: ['account', 'activity'] as const,
    queryFn: () => unwrap(api.GET('/api/profiles:activity')),
  },
  sessions: {
    queryKey: ['account', 'sessions'] as const,
    queryFn: () => unwrap(api.GET('/api/sessions')),
  },
  tokens: {
    queryKey: ['account', 'tokens'] as const,
    queryFn: () => unwrap(api.GET('/api/tokens')),
  },
};

export type ApplicationUser = Awaited<ReturnType<typeof accountQueries.profile.queryFn>>;
export type PropertyDefinitionView = Awaited<ReturnType<typeof accountQueries.properties.queryFn>>[number];
