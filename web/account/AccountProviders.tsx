import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';

/**
 * Client data and notices for the account and sign-in screens only; the public site's pages do not
 * load TanStack Query.
 */
export function AccountProviders({ children }: { children: ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
      }),
  );
  return (
    <QueryClientProvider client={client}>
      <Notifications position="top-right" />
      {children}
    </QueryClientProvider>
  );
}
