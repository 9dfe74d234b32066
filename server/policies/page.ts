import type { Actor } from './actor.ts';
import { isAdmin, isSignedIn } from './actor.ts';

export type PageForPolicy = {
  isPublished: boolean;
  editPermission: 'admins' | 'roles';
  editRoles: readonly string[];
};

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

/** Row filter for lists of pages: true when the actor sees every page, otherwise only published ones. */
export function seesUnpublishedPages(actor: Actor): boolean {
  return isAdmin(actor);
}

export function pageAbilities(actor: Actor, page: PageForPolicy) {
  return { update: canEditPage(actor, page) };
}
