import type { Actor } from './actor.ts';
import { canUseLibrary, isAdmin, isSignedIn } from './actor.ts';

export type PageForPolicy = {
  isPublished: boolean;
  editPermission: 'admins' | 'roles';
  editRoles: readonly string[];
  /**
   * Who may view (issue 10): non-empty makes the page members-only, seen by admins, its editors
   * and users holding one of these roles. Readers that load pages pass it (absent means public).
   */
  roleIds?: readonly string[] | undefined;
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

/**
 * Visitors see published pages; those who may edit a page also see it unpublished. A members-only
 * page (roleIds non-empty) is seen, published, only by active users holding one of its roles (and,
 * like any page, by those who may edit it).
 */
export function canViewPage(actor: Actor, page: PageForPolicy): boolean {
  if (canEditPage(actor, page)) return true;
  if (!page.isPublished) return false;
  if (!page.roleIds || page.roleIds.length === 0) return true;
  if (!isSignedIn(actor)) return false;
  const roles = new Set(actor.user.roleIds);
  return page.roleIds.some((role) => roles.has(role));
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
  /**
   * The map block's address search (issue 31): those who place blocks (admins and content
   * managers). The geocoder is another's service with a fair-use policy, not one for every visitor.
   */
  'block.findPlace': (actor: Actor) => isAdmin(actor) || (isSignedIn(actor) && actor.user.isContentManager),
  // Admin pages (issue 10): creating, duplicating and deleting pages, their edit and view rights,
  // and the header/footer templates are an admin's (or an admin's API token's).
  /** Create a page, or duplicate one. */
  'page.create': (actor: Actor) => isAdmin(actor),
  'page.delete': (actor: Actor) => isAdmin(actor),
  /** The admin table of all pages, and what deleting a page breaks. */
  'page.administer': (actor: Actor) => isAdmin(actor),
  /** Who may edit and who may view a page (editPermission, editRoles, roleIds). */
  'page.changeRights': (actor: Actor) => isAdmin(actor),
  /**
   * Who may pick or upload a page's social image: its editors who may use the media library
   * (admins and content managers, issue 27); the image itself is checked by 'media.reference'.
   */
  'page.chooseSocialImage': (actor: Actor, page: PageForPolicy) =>
    canEditPage(actor, page) && canUseLibrary(actor),
  /** List, create, rename and delete header and footer templates, and reusable blocks (issue 31). */
  'pageTemplate.manage': (actor: Actor) => isAdmin(actor),
  /**
   * See the reusable blocks and where they are used, to place one on a page or detach it (issue
   * 31): those who place blocks (admins and content managers). Making and changing one is
   * `pageTemplate.manage`.
   */
  'reusableBlock.place': (actor: Actor) =>
    isAdmin(actor) || (isSignedIn(actor) && actor.user.isContentManager),
  /**
   * A preview link (issue 13) shows its page's draft to whoever holds it, signed in or not: the
   * link (signed, unexpired and not revoked; null otherwise) must name this page.
   */
  'page.preview': (_actor: Actor, preview: { link: { pageId: string } | null; pageId: string }) =>
    preview.link?.pageId === preview.pageId,
  /**
   * A published page for members only (roleIds): someone who may not see it is asked to sign in,
   * or told they lack the role, instead of being told it does not exist (issue 10).
   */
  'page.membersOnly': (_actor: Actor, page: PageForPolicy) =>
    page.isPublished && (page.roleIds?.length ?? 0) > 0,
};
