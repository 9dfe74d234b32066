import type { Actor } from './actor.ts';
import { isAdmin, isSignedIn } from './actor.ts';

export type PageForPolicy = {
  isPublished: boolean;
  editPermission: 'admins' | 'roles';
  editRoles: readonly string[];
};

/** A page as the block rules need it: templates (header/footer) are shared by every page. */
export type BlockPageForPolicy = PageForPolicy & { kind: 'page' | 'template' };

/**
 * SPEC 6: admins edit everything. "A content manager for a page is a non-admin user whose roleIds
 * intersect the page's editRoles when editPermission is the roles mode": holding the role is what
 * makes someone that page's content manager (the isContentManager flag marks the account type).
 */
export function canEditPage(actor: Actor, page: PageForPolicy): boolean {
  if (isAdmin(actor)) return true;
  if (!isSignedIn(actor) || page.editPermission !== 'roles') return false;
  const roles = new Set(actor.user.roleIds);
  return page.editRoles.some((role) => roles.has(role));
}

/** Visitors see published pages; those who may edit a page also see it unpublished. */
export function canViewPage(actor: Actor, page: PageForPolicy): boolean {
  return page.isPublished || canEditPage(actor, page);
}

/**
 * Adding, changing, moving and removing blocks follows the page: those who may edit it. The blocks
 * of a template (a header or footer every page shows) only admins change.
 */
export function canEditBlocksOf(actor: Actor, page: BlockPageForPolicy): boolean {
  if (page.kind === 'template') return isAdmin(actor);
  return canEditPage(actor, page);
}

export const pagePolicies = {
  'page.view': canViewPage,
  'page.update': canEditPage,
  /** Row filter for lists of pages and menus: whether unpublished pages are listed at all. */
  'page.listUnpublished': (actor: Actor) => isAdmin(actor),
  'block.edit': canEditBlocksOf,
};
