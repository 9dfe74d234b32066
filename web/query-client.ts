import { QueryClient } from '@tanstack/react-query';

let browserClient: QueryClient | undefined;

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
  });
}

/**
 * The app's one TanStack Query client: in the browser a single client, so every screen shares one
 * cache and its request de-duplication (the spec's response cache and pending calls); on the server
 * a fresh one per render, so nobody's data is ever shared between requests. Only the signed-in
 * screens and edit mode import this: visitors never download TanStack Query.
 */
export function getQueryClient(): QueryClient {
  if (typeof window === 'undefined') return createQueryClient();
  browserClient ??= createQueryClient();
  return browserClient;
}
