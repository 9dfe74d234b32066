import type { BlockPermissions } from '../../common/blocks/permissions.ts';
import type { Actor } from './actor.ts';
import { isAdmin, isSignedIn } from './actor.ts';
import { canEditPage, canViewPage, type PageForPolicy } from './page.ts';

/**
 * Lists and their items follow the page that holds the list block. A block on no page (a stray
 * block) only admins reach.
 */
export type ListForPolicy = { page: PageForPolicy | null; permissions: BlockPermissions };
export type ListItemForPolicy = { isPublished: boolean; publishedOn: Date; list: ListForPolicy };
/** An item at a moment: scheduled items become visible when their publication date passes. */
export type ListItemAt = ListItemForPolicy & { now: Date };

export function canViewList(actor: Actor, list: ListForPolicy): boolean {
  return list.page ? canViewPage(actor, list.page) : isAdmin(actor);
}

/** Editing, deleting, reordering and seeing unpublished or scheduled items: those who may edit the page. */
export function canEditListItems(actor: Actor, list: ListForPolicy): boolean {
  return list.page ? canEditPage(actor, list.page) : isAdmin(actor);
}

/**
 * SPEC 6: who may add items to a list block. Admins and the page's editors always; with `roles` also
 * members holding one of `addRoles`; with `users` any signed-in (active) user. Only on a list they
 * can see.
 */
export function canAddListItem(actor: Actor, list: ListForPolicy): boolean {
  if (!canViewList(actor, list)) return false;
  if (canEditListItems(actor, list)) return true;
  if (!isSignedIn(actor) || !list.page) return false;
  switch (list.permissions.addPermission) {
    case 'users':
      return true;
    case 'roles': {
      const roles = new Set(actor.user.roleIds);
      return list.permissions.addRoles.some((role) => roles.has(role));
    }
    default:
      return false;
  }
}

export function canViewListItem(actor: Actor, item: ListItemAt): boolean {
  if (!canViewList(actor, item.list)) return false;
  if (canEditListItems(actor, item.list)) return true;
  return item.isPublished && item.publishedOn.getTime() <= item.now.getTime();
}

export const listPolicies = {
  'list.view': canViewList,
  'list.addItem': canAddListItem,
  /** Also the row filter: whether the actor's pages of items include unpublished and scheduled ones. */
  'list.editItems': canEditListItems,
  'listItem.view': canViewListItem,
  'listItem.update': (actor: Actor, item: ListItemForPolicy) => canEditListItems(actor, item.list),
  'listItem.delete': (actor: Actor, item: ListItemForPolicy) => canEditListItems(actor, item.list),
};
