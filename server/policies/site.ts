import type { Actor } from './actor.ts';
import { isAdmin } from './actor.ts';

export const sitePolicies = {
  /** The site's identity and behaviour (platform settings) are changed by admins only. */
  'settings.update': (actor: Actor) => isAdmin(actor),
  /** Dropping the public response caches is an admin's action (or an admin's API token's). */
  'cache.invalidate': (actor: Actor) => isAdmin(actor),
  /** The site's statistics (issue 10): how the site is used is for admins (or an admin's API token). */
  'statistics.view': (actor: Actor) => isAdmin(actor),
  // Site parts (issue 10): header images and item types are managed by admins only.
  /** Create, change and delete header images (pages name them in their headerImage option). */
  'headerImage.manage': (actor: Actor) => isAdmin(actor),
  /** Create item types, change their labels and delete unused ones. */
  'itemType.manage': (actor: Actor) => isAdmin(actor),
};
