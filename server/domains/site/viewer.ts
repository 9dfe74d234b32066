import { and, eq, inArray, sql } from 'drizzle-orm';
import { isGuid } from '../../../common/guid.ts';
import { DEFAULT_NOTIFICATION_CLOSE_SECONDS } from '../../../common/profile-properties.ts';
import type { PlatformSettings } from '../../../common/settings.ts';
import type { Viewer } from '../../../common/site.ts';
import { type Database, preparedPer } from '../../db/client.ts';
import type { UserRow } from '../../db/schema.ts';
import { userProperties } from '../../db/schema.ts';
import { type Actor, can } from '../../policies/index.ts';
import { getPlatformSettings } from '../settings/queries.ts';

/** The properties the shell shows, read for every signed-in page: prepared once (issue 29). */
const viewerProperties = preparedPer((db) =>
  db
    .select({ key: userProperties.key, value: userProperties.value })
    .from(userProperties)
    .where(
      and(
        eq(userProperties.userId, sql.placeholder('userId')),
        inArray(userProperties.key, ['notificationClose', 'profielfoto']),
      ),
    )
    .prepare('viewer_properties'),
);

/** The signed-in user as the site shell shows them: the user menu, the terms and inactive dialogs. */
export async function readViewer(
  db: Database,
  actor: Actor,
  user: UserRow,
  /** The site's settings (a caller may keep them per content version). */
  settings: () => Promise<PlatformSettings> = () => getPlatformSettings(db),
): Promise<Viewer> {
  const properties = await viewerProperties(db).execute({ userId: user.id });
  const property = (key: string) => properties.find((entry) => entry.key === key)?.value;
  // The user's own choice, else the site's default (setting notificationClose).
  const own = property('notificationClose');
  const seconds = Number(own !== undefined && own !== '' ? own : (await settings()).notificationClose);
  const photo = property('profielfoto') ?? '';
  return {
    guid: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    isActive: user.isActive,
    isAdmin: user.isAdmin,
    isContentManager: user.isContentManager,
    termsOfUseVersionAccepted: user.termsOfUseVersionAccepted,
    notificationCloseSeconds:
      Number.isFinite(seconds) && seconds >= 0 ? seconds : DEFAULT_NOTIFICATION_CLOSE_SECONDS,
    photoGuid: isGuid(photo) ? photo : null,
    canUseLibrary: can(actor, 'media.library'),
  };
}
