import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { LocalizedText } from '../../../common/localized-text.ts';
import { MAX_MENU_DEPTH, TOP_LEVEL_MENU } from '../../../common/site.ts';
import type { Executor, Transaction } from '../../db/client.ts';
import { type MenuItemRow, menuItems, menus, pages } from '../../db/schema.ts';
import { AppError, type ErrorDetail } from '../../errors.ts';
import type { Actor } from '../../policies/index.ts';
import { dropRedirectsAt, recordMovedPaths } from '../redirects/commands.ts';
import { trashMenuItem } from '../trash/commands.ts';
import { runCommand } from '../write.ts';
import { depthOf, heightOf, menuPaths, movedPaths, subtreeIds } from './paths.ts';

/**
 * Menu writes. Every one is public (visitors see menus). A change to the top-level menu that moves
 * a path (a new segment, a move) leaves a 301 redirect from every old path of the item and the
 * items under it; a path served again loses its redirect.
 */

type Writer = { db: Executor; actor: Actor };
type MenuRow = typeof menus.$inferSelect;

export type MenuItemInput = {
  name: LocalizedText;
  urlSegment: string;
  pageGuid: string | null;
  externalUrl: string | null;
  isVisible: boolean;
};

const invalid = (path: string, message: string, params?: Record<string, string | number>) =>
  new AppError('validation_failed', `${path}: ${message}`, [
    { path: `body/${path}`, message, ...(params ? { params } : {}) },
  ]);

const nameTaken = () =>
  new AppError('conflict', 'a menu with this name exists', [
    { path: 'body/name', message: 'validation.menuName' },
  ]);

export async function createMenu(ctx: Writer, name: string): Promise<MenuRow> {
  return runCommand(
    ctx,
    { action: 'menu.create', scope: 'public', target: (row) => row.id, data: { name } },
    async (tx) => {
      const [row] = await tx.insert(menus).values({ name }).onConflictDoNothing().returning();
      if (!row) throw nameTaken();
      return row;
    },
  );
}

export async function renameMenu(ctx: Writer, menu: MenuRow, name: string): Promise<MenuRow> {
  return runCommand(
    ctx,
    { action: 'menu.update', scope: 'public', target: menu.id, data: { name } },
    async (tx) => {
      const [clash] = await tx
        .select({ id: menus.id })
        .from(menus)
        .where(and(eq(menus.name, name), ne(menus.id, menu.id)))
        .limit(1);
      if (clash) throw nameTaken();
      const [row] = await tx
        .update(menus)
        .set({ name, updatedAt: new Date() })
        .where(eq(menus.id, menu.id))
        .returning();
      if (!row) throw new AppError('not_found', 'menu not found');
      return row;
    },
  );
}

export async function deleteMenu(ctx: Writer, menu: MenuRow): Promise<void> {
  await runCommand(
    ctx,
    { action: 'menu.delete', scope: 'public', target: menu.id, data: { name: menu.name } },
    async (tx) => {
      await tx.delete(menus).where(eq(menus.id, menu.id));
    },
  );
}

const itemsOf = (tx: Executor, menuId: string) =>
  tx
    .select()
    .from(menuItems)
    .where(eq(menuItems.menuId, menuId))
    .orderBy(asc(menuItems.sortId), asc(menuItems.urlSegment));

/** Checks an item's fields where it will stand: its target, its segment, its siblings. */
async function checkItem(
  tx: Executor,
  input: {
    menuId: string;
    parentId: string | null;
    itemId: string | null;
    urlSegment: string;
    pageGuid: string | null;
    externalUrl: string | null;
  },
) {
  if (input.pageGuid !== null && input.externalUrl !== null)
    throw invalid('externalUrl', 'validation.menuItemTarget');
  if (input.urlSegment === '' && input.parentId !== null)
    throw invalid('urlSegment', 'validation.urlSegment');
  if (input.pageGuid !== null) {
    const [page] = await tx
      .select({ id: pages.id })
      .from(pages)
      .where(and(eq(pages.id, input.pageGuid), eq(pages.kind, 'page')))
      .limit(1);
    if (!page) throw invalid('pageGuid', 'validation.guid');
  }
  const [clash] = await tx
    .select({ id: menuItems.id })
    .from(menuItems)
    .where(
      and(
        eq(menuItems.menuId, input.menuId),
        input.parentId === null ? isNull(menuItems.parentId) : eq(menuItems.parentId, input.parentId),
        eq(menuItems.urlSegment, input.urlSegment),
        input.itemId === null ? undefined : ne(menuItems.id, input.itemId),
      ),
    )
    .limit(1);
  if (clash) {
    const detail: ErrorDetail = { path: 'body/urlSegment', message: 'validation.segmentTaken' };
    throw new AppError('conflict', 'a sibling has this urlSegment', [detail]);
  }
}

/** Puts an item at `position` among its siblings and numbers them 0, 10, 20, … */
async function placeAt(
  tx: Transaction,
  item: { id: string; menuId: string; parentId: string | null },
  position: number,
) {
  const siblings = (await itemsOf(tx, item.menuId)).filter(
    (row) => row.parentId === item.parentId && row.id !== item.id,
  );
  const order = siblings.map((row) => row.id);
  order.splice(Math.max(0, Math.min(position, order.length)), 0, item.id);
  for (const [index, id] of order.entries()) {
    await tx
      .update(menuItems)
      .set({ sortId: index * 10 })
      .where(eq(menuItems.id, id));
  }
}

/** Records the redirects a change of the top-level menu needs; returns how many paths moved. */
async function followPaths(tx: Transaction, menu: MenuRow, before: Map<string, string> | null, actor: Actor) {
  if (menu.name !== TOP_LEVEL_MENU || before === null) return 0;
  const after = menuPaths(await itemsOf(tx, menu.id));
  return recordMovedPaths(tx, {
    moved: movedPaths(before, after),
    servedPaths: after.values(),
    actorId: actor.user?.id ?? null,
  });
}

const pathsBefore = async (tx: Executor, menu: MenuRow) =>
  menu.name === TOP_LEVEL_MENU ? menuPaths(await itemsOf(tx, menu.id)) : null;

export async function createMenuItem(
  ctx: Writer,
  menu: MenuRow,
  input: MenuItemInput & { parentGuid: string | null; position?: number | undefined },
): Promise<MenuItemRow> {
  return runCommand(
    ctx,
    {
      action: 'menuItem.create',
      scope: 'public',
      target: (row) => row.id,
      data: { menu: menu.id, urlSegment: input.urlSegment },
    },
    async (tx) => {
      const rows = await itemsOf(tx, menu.id);
      if (input.parentGuid !== null && !rows.some((row) => row.id === input.parentGuid)) {
        throw invalid('parentGuid', 'validation.guid');
      }
      if (depthOf(rows, input.parentGuid) + 1 > MAX_MENU_DEPTH) {
        throw invalid('parentGuid', 'validation.menuDepth', { maximum: MAX_MENU_DEPTH });
      }
      await checkItem(tx, { ...input, menuId: menu.id, parentId: input.parentGuid, itemId: null });
      const [row] = await tx
        .insert(menuItems)
        .values({
          menuId: menu.id,
          parentId: input.parentGuid,
          urlSegment: input.urlSegment,
          name: input.name,
          pageId: input.pageGuid,
          externalUrl: input.externalUrl,
          isVisible: input.isVisible,
          sortId: 0,
        })
        .returning();
      if (!row) throw new Error('menu item not created');
      await placeAt(tx, row, input.position ?? Number.MAX_SAFE_INTEGER);
      if (menu.name === TOP_LEVEL_MENU)
        await dropRedirectsAt(tx, menuPaths(await itemsOf(tx, menu.id)).values());
      return row;
    },
  );
}

export async function updateMenuItem(ctx: Writer, menu: MenuRow, item: MenuItemRow, input: MenuItemInput) {
  return runCommand(
    ctx,
    { action: 'menuItem.update', scope: 'public', target: item.id, data: { urlSegment: input.urlSegment } },
    async (tx) => {
      const before = await pathsBefore(tx, menu);
      await checkItem(tx, { ...input, menuId: menu.id, parentId: item.parentId, itemId: item.id });
      const [row] = await tx
        .update(menuItems)
        .set({
          urlSegment: input.urlSegment,
          name: input.name,
          pageId: input.pageGuid,
          externalUrl: input.externalUrl,
          isVisible: input.isVisible,
          updatedAt: new Date(),
        })
        .where(eq(menuItems.id, item.id))
        .returning();
      if (!row) throw new AppError('not_found', 'menu item not found');
      await followPaths(tx, menu, before, ctx.actor);
      return row;
    },
  );
}

/** Deletes an item and every item under it (they hang off it, to the trash first); returns how many went. */
export async function deleteMenuItem(ctx: Writer, menu: MenuRow, item: MenuItemRow): Promise<number> {
  return runCommand(ctx, { action: 'menuItem.delete', scope: 'public', target: item.id }, async (tx) => {
    const removed = subtreeIds(await itemsOf(tx, menu.id), item.id);
    await trashMenuItem(tx, ctx.actor, item, removed);
    await tx.delete(menuItems).where(eq(menuItems.id, item.id));
    return removed.size;
  });
}

/**
 * Moves an item (with everything under it) under a new parent (null: the top level) at a position
 * among its new siblings: one call for drag and drop and for the keyboard. Refused: under itself or
 * one of its own items (a cycle), deeper than MAX_MENU_DEPTH, a segment a new sibling has.
 */
export async function moveMenuItem(
  ctx: Writer,
  menu: MenuRow,
  item: MenuItemRow,
  input: { parentGuid: string | null; position: number },
) {
  return runCommand(
    ctx,
    {
      action: 'menuItem.move',
      scope: 'public',
      target: item.id,
      data: { parentGuid: input.parentGuid, position: input.position },
    },
    async (tx) => {
      const rows = await itemsOf(tx, menu.id);
      if (input.parentGuid !== null) {
        if (!rows.some((row) => row.id === input.parentGuid)) throw invalid('parentGuid', 'validation.guid');
        if (subtreeIds(rows, item.id).has(input.parentGuid))
          throw invalid('parentGuid', 'validation.menuCycle');
      }
      if (depthOf(rows, input.parentGuid) + heightOf(rows, item.id) > MAX_MENU_DEPTH) {
        throw invalid('parentGuid', 'validation.menuDepth', { maximum: MAX_MENU_DEPTH });
      }
      const before = await pathsBefore(tx, menu);
      if (input.parentGuid !== item.parentId) {
        await checkItem(tx, {
          menuId: menu.id,
          parentId: input.parentGuid,
          itemId: item.id,
          urlSegment: item.urlSegment,
          pageGuid: null,
          externalUrl: null,
        });
        await tx
          .update(menuItems)
          .set({ parentId: input.parentGuid, updatedAt: new Date() })
          .where(eq(menuItems.id, item.id));
      }
      await placeAt(tx, { id: item.id, menuId: menu.id, parentId: input.parentGuid }, input.position);
      const redirected = await followPaths(tx, menu, before, ctx.actor);
      return { redirected };
    },
  );
}
