// Every Mantine component's styles for the signed-in screens and edit mode (the public site loads
// only those it uses: web/styles/mantine-site.css), in their cascade layer, below the site's styles.
import '../styles/mantine-core.css';
import '@mantine/notifications/styles.layer.css';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { getQueryClient } from '../query-client';

/**
 * Client data and task notices, at the root of the two areas that use them: the signed-in screens
 * (routes/signed-in-layout.tsx) and edit mode (loaded only when a page is edited). Both share the
 * one query client; the public site's pages do not load TanStack Query. The notices stand at the
 * bottom left, as an editor's snackbars do (WordPress, Google Docs): clear of the header's menus,
 * the edit bar's buttons and the block drawer on the right.
 */
export function AccountProviders({ children }: { children: ReactNode }) {
  const [client] = useState(getQueryClient);
  return (
    <QueryClientProvider client={client}>
      <Notifications position="bottom-left" />
      {children}
    </QueryClientProvider>
  );
}
