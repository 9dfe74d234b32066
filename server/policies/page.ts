import type { Actor } from './actor.ts';
import { isAdmin, isSignedIn } from './actor.ts';

export type PageForPolicy = {
  isPublished: boolean;
  editPermission: 'admins' | 'roles';
  editRoles: readonly string[];
};

/**
 * SPEC 6: admins edit everything; a content manager edits a page whose edit roles they hold. Roles
 * alone do not make an editor: a user without the content manager flag edits nothing.
 */
export function canEditPage(actor: Actor, page: PageForPolicy): boolean {
  if (isAdmin(actor)) return true;
  if (!isSignedIn(actor) || !actor.user.isContentManager || page.editPermission !== 'roles') return false;
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
