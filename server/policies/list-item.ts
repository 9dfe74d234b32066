import type { BlockPermissions } from '../../common/blocks/permissions.ts';
import type { Actor } from './actor.ts';
import { isAdmin } from './actor.ts';
import { canAddItemToBlock } from './block.ts';
import { canEditPage, canViewPage, type PageForPolicy } from './page.ts';

/**
 * Lists and their items follow the page that holds the list block. A block on no page (a stray
 * block) only admins reach.
 */
export type ListForPolicy = { page: PageForPolicy | null; permissions: BlockPermissions };
export type ListItemForPolicy = { isPublished: boolean; publishedOn: Date; list: ListForPolicy };

export function canViewList(actor: Actor, list: ListForPolicy): boolean {
  return list.page ? canViewPage(actor, list.page) : isAdmin(actor);
}

/** Editing, deleting and seeing unpublished or scheduled items: those who may edit the page. */
export function canEditListItems(actor: Actor, list: ListForPolicy): boolean {
  return list.page ? canEditPage(actor, list.page) : isAdmin(actor);
}

/** Adding items: the page's editors, and whoever the block's addPermission/addRoles let in. */
export function canAddListItem(actor: Actor, list: ListForPolicy): boolean {
  if (!canViewList(actor, list)) return false;
  return list.page ? canAddItemToBlock(actor, list.page, list.permissions) : isAdmin(actor);
}

/** Row filter: whether the actor's lists include unpublished items and items published in the future. */
export const seesHiddenListItems = canEditListItems;

export function canViewListItem(actor: Actor, item: ListItemForPolicy, now: Date): boolean {
  if (!canViewList(actor, item.list)) return false;
  if (canEditListItems(actor, item.list)) return true;
  return item.isPublished && item.publishedOn.getTime() <= now.getTime();
}

export function listItemAbilities(actor: Actor, list: ListForPolicy) {
  const mayEdit = canEditListItems(actor, list);
  return { update: mayEdit, delete: mayEdit };
}

export function listAbilities(actor: Actor, list: ListForPolicy) {
  return { addItem: canAddListItem(actor, list), editItems: canEditListItems(actor, list) };
}
