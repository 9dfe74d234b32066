import type { Actor } from './actor.ts';
import { isAdmin } from './actor.ts';

export const menuPolicies = {
  /** Named menus and their items (the site's navigation) are arranged by admins only. */
  'menu.manage': (actor: Actor) => isAdmin(actor),
  /** Redirects send visitors elsewhere: admins only. */
  'redirect.manage': (actor: Actor) => isAdmin(actor),
};
