import { TOP_LEVEL_MENU } from '../../../common/site.ts';
import { AppError } from '../../errors.ts';
import { authorize, can } from '../../policies/index.ts';
import { type Ctx, requireUser } from '../context.ts';
import { loadPagePaths } from '../lists/paths.ts';
import {
  createMenu,
  createMenuItem,
  deleteMenu,
  deleteMenuItem,
  type MenuItemInput,
  moveMenuItem,
  renameMenu,
  updateMenuItem,
} from './commands.ts';
import { menuPaths } from './paths.ts';
import { findMenu, findMenuItem, findMenus, loadAdminRows, loadMenuTree } from './queries.ts';
import { filterMenuForVisitor, presentAdminTree } from './view.ts';

/** A menu by name (e.g. "Top level menu"), without the items whose pages the actor may not see. */
export async function getMenuByName(ctx: Ctx, name: string) {
  const tree = await loadMenuTree(ctx.db, name, ctx.locale);
  if (!tree) throw new AppError('not_found', 'menu not found');
  return {
    guid: tree.guid,
    name: tree.name,
    menuItems: filterMenuForVisitor(tree.menuItems, can(ctx.actor, 'page.listUnpublished'), (page) =>
      can(ctx.actor, 'page.view', page),
    ),
  };
}

// The admin screen's use-cases (issue 10): admins arrange named menus and their items.

const presentMenu = (row: { id: string; name: string }, itemCount: number) => ({
  guid: row.id,
  name: row.name,
  isTopLevel: row.name === TOP_LEVEL_MENU,
  itemCount,
});

export async function listMenus(ctx: Ctx) {
  authorize(ctx.actor, 'menu.manage');
  return (await findMenus(ctx.db)).map((row) => presentMenu(row, row.itemCount));
}

async function requireMenu(ctx: Ctx, id: string) {
  const menu = await findMenu(ctx.db, id);
  if (!menu) throw new AppError('not_found', 'menu not found');
  return menu;
}

async function requireItem(ctx: Ctx, id: string) {
  const item = await findMenuItem(ctx.db, id);
  if (!item) throw new AppError('not_found', 'menu item not found');
  const menu = await requireMenu(ctx, item.menuId);
  return { item, menu };
}

/** The top-level menu keeps its name: the site finds it by it. */
const topLevelLocked = () =>
  new AppError('conflict', 'the top level menu keeps its name', [
    { path: 'body/name', message: 'validation.topLevelMenu' },
  ]);

/** One menu with its whole tree as the admin screen edits it. */
export async function getAdminMenu(ctx: Ctx, id: string) {
  authorize(ctx.actor, 'menu.manage');
  const menu = await requireMenu(ctx, id);
  const rows = await loadAdminRows(ctx.db, menu.id);
  const isTopLevel = menu.name === TOP_LEVEL_MENU;
  const byItem = isTopLevel ? menuPaths(rows.map((row) => row.item)) : null;
  const byPage = isTopLevel ? new Map<string, string>() : await loadPagePaths(ctx.db, ctx.locale);
  return {
    ...presentMenu(menu, rows.length),
    menuItems: presentAdminTree(rows, ctx.locale, { byItem, byPage }),
  };
}

export async function addMenu(ctx: Ctx, name: string) {
  requireUser(ctx);
  authorize(ctx.actor, 'menu.manage');
  return presentMenu(await createMenu(ctx, name), 0);
}

export async function changeMenu(ctx: Ctx, id: string, name: string) {
  requireUser(ctx);
  authorize(ctx.actor, 'menu.manage');
  const menu = await requireMenu(ctx, id);
  if (menu.name === TOP_LEVEL_MENU && name !== TOP_LEVEL_MENU) throw topLevelLocked();
  await renameMenu(ctx, menu, name);
  return getAdminMenu(ctx, id);
}

export async function removeMenu(ctx: Ctx, id: string) {
  requireUser(ctx);
  authorize(ctx.actor, 'menu.manage');
  const menu = await requireMenu(ctx, id);
  if (menu.name === TOP_LEVEL_MENU) throw topLevelLocked();
  await deleteMenu(ctx, menu);
}

export async function addMenuItem(
  ctx: Ctx,
  menuId: string,
  input: MenuItemInput & { parentGuid: string | null; position?: number | undefined },
) {
  requireUser(ctx);
  authorize(ctx.actor, 'menu.manage');
  const menu = await requireMenu(ctx, menuId);
  const row = await createMenuItem(ctx, menu, input);
  return { guid: row.id, menu: await getAdminMenu(ctx, menu.id) };
}

export async function changeMenuItem(ctx: Ctx, id: string, input: MenuItemInput) {
  requireUser(ctx);
  authorize(ctx.actor, 'menu.manage');
  const { item, menu } = await requireItem(ctx, id);
  await updateMenuItem(ctx, menu, item, input);
  return { guid: item.id, menu: await getAdminMenu(ctx, menu.id) };
}

/** Deletes the item and everything under it (the screen says how many go). */
export async function removeMenuItem(ctx: Ctx, id: string) {
  requireUser(ctx);
  authorize(ctx.actor, 'menu.manage');
  const { item, menu } = await requireItem(ctx, id);
  await deleteMenuItem(ctx, menu, item);
}

export async function moveItem(ctx: Ctx, id: string, input: { parentGuid: string | null; position: number }) {
  requireUser(ctx);
  authorize(ctx.actor, 'menu.manage');
  const { item, menu } = await requireItem(ctx, id);
  const { redirected } = await moveMenuItem(ctx, menu, item, input);
  return { guid: item.id, redirected, menu: await getAdminMenu(ctx, menu.id) };
}
