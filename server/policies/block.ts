import type { BlockPermissions } from '../../common/blocks/permissions.ts';
import type { Actor } from './actor.ts';
import { isAdmin, isSignedIn } from './actor.ts';
import { canEditPage, type PageForPolicy } from './page.ts';

/** A page as the block policies need it: templates (header/footer) are shared by every page. */
export type BlockPageForPolicy = PageForPolicy & { kind: 'page' | 'template' };

/**
 * Adding, changing, moving and removing blocks follows the page: those who may edit it. The blocks
 * of a template (a header or footer every page shows) only admins change.
 */
export function canEditBlocksOf(actor: Actor, page: BlockPageForPolicy): boolean {
  if (page.kind === 'template') return isAdmin(actor);
  return canEditPage(actor, page);
}

/**
 * SPEC 6: who may add items to a list block. Admins and the page's editors always; with `roles` also
 * members holding one of `addRoles`; with `users` any signed-in (active) user.
 */
export function canAddItemToBlock(
  actor: Actor,
  page: PageForPolicy,
  blockPermissions: BlockPermissions,
): boolean {
  if (canEditPage(actor, page)) return true;
  if (!isSignedIn(actor)) return false;
  switch (blockPermissions.addPermission) {
    case 'users':
      return true;
    case 'roles': {
      const roles = new Set(actor.user.roleIds);
      return blockPermissions.addRoles.some((role) => roles.has(role));
    }
    default:
      return false;
  }
}
