import { useRouteLoaderData } from 'react-router';
import { DEFAULT_NOTIFICATION_CLOSE_SECONDS } from '../../common/profile-properties';
import type { Viewer } from '../../common/site';

/** The signed-in user from the root loader, or null for a visitor. */
export function useViewer(): Viewer | null {
  const root = useRouteLoaderData('root') as { viewer?: Viewer | null } | undefined;
  return root?.viewer ?? null;
}

/** How long a done notice stays, in milliseconds (SPEC 4 and 9). */
export function useNotificationCloseMs(): number {
  const viewer = useViewer();
  const seconds = viewer?.notificationCloseSeconds ?? DEFAULT_NOTIFICATION_CLOSE_SECONDS;
  return Math.max(1, seconds) * 1000;
}
