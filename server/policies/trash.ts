import type { Actor } from './actor.ts';
import { isAdmin } from './actor.ts';

/**
 * The trash (issue 26): admins only see it, restore from it and delete from it for good. A content
 * manager's own deletions (list items on pages she edits) go there too, and an admin restores
 * them: a restore writes rows back into menus, lists and pages that may have changed since, which
 * only an admin may arrange, and the trash shows what everyone deleted (titles of other people's
 * pages and forms) that a content manager may not see.
 */
export const trashPolicies = {
  /** See the trash, restore an entry, delete one for good. */
  'trash.manage': (actor: Actor) => isAdmin(actor),
};
