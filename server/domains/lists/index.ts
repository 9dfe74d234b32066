import type { ApiErrorBody } from '../../../common/errors.ts';
import type { ListPage } from '../../../common/list-items.ts';
import { MAX_ITEMS_PER_PAGE } from '../../../common/list-items.ts';
import type { Locale } from '../../../common/localized-text.ts';
import { pickLocale } from '../../../common/localized-text.ts';
import type { Executor } from '../../db/client.ts';
import { AppError, errorBody, notFound } from '../../errors.ts';
import { type Actor, abilities, authorize, can } from '../../policies/index.ts';
import type { Ctx } from '../context.ts';
import {
  createListItems,
  deleteListItem,
  type ListItemWrite,
  reorderListItem,
  updateListItem,
} from './commands.ts';
import {
  LIST_BLOCK_NAMES,
  type ListContext,
  loadListContexts,
  readListOptions,
  requireVisibleList,
  resolveWidgetSource,
  WIDGET_MAX_ITEMS,
  widgetSourceGuid,
} from './lists.ts';
import { loadPagePaths } from './paths.ts';
import { findListItem, listAllItemTypes, loadParentGuids } from './queries.ts';
import { type ListQueryInput, queryListItems, resolveListQuery } from './query.ts';
import { type ListItemWithList, presentListItemDetail, toListItemView } from './view.ts';

/**
 * The lists use-cases: pages of lists and widgets, single items, and the item commands. Each
 * authorises, reads or writes, and presents; routes and the site's server rendering call them.
 */

/**
 * A page of a list (or a widget: its source list's items, its own settings) for the actor. The
 * items' URLs start with the path of the page holding the source list.
 */
export async function getListPage(
  db: Executor,
  input: {
    actor: Actor;
    list: ListContext;
    /** For widgets: the list whose items they show (defaults to the list itself). */
    source?: ListContext | undefined;
    query: ListQueryInput;
    locale: Locale;
    pagePaths: Map<string, string>;
    now?: Date;
  },
): Promise<ListPage> {
  const now = input.now ?? new Date();
  const { actor, list, locale } = input;
  const source = input.source ?? list;
  const options = readListOptions(list.block);
  const isWidget = list.block.buildingBlockName === 'widget';
  const query = resolveListQuery(options, input.query, {
    maxItems: isWidget ? WIDGET_MAX_ITEMS : MAX_ITEMS_PER_PAGE,
  });
  const seesHidden = can(actor, 'list.editItems', source.policy);
  const { rows, total } = await queryListItems(db, {
    blockId: source.block.id,
    query,
    seesHidden,
    locale,
    now,
  });
  const pagePath = source.page ? (input.pagePaths.get(source.page.id) ?? null) : null;
  return {
    items: rows.map(({ parentGuids, ...row }) =>
      toListItemView(row, {
        parentGuids,
        locale,
        pagePath,
        options,
        now,
        abilities: seesHidden ? abilities('listItem', actor, { ...row, list: source.policy }) : undefined,
      }),
    ),
    pageNumber: query.pageNumber,
    itemCount: query.itemCount,
    totalNumberOfItems: total,
    sortBy: query.sortBy,
    abilities: abilities('list', actor, list.policy),
  };
}

/** An empty page, for a widget whose source list the actor cannot see. */
function emptyPage(list: ListContext, query: ListQueryInput): ListPage {
  const resolved = resolveListQuery(readListOptions(list.block), query, { maxItems: WIDGET_MAX_ITEMS });
  return {
    items: [],
    pageNumber: resolved.pageNumber,
    itemCount: resolved.itemCount,
    totalNumberOfItems: 0,
    sortBy: resolved.sortBy,
  };
}

/**
 * A page of a list or widget for the actor: widgets show their source list's items under their
 * own settings.
 */
export async function pageOf(
  db: Executor,
  input: {
    actor: Actor;
    list: ListContext;
    query: ListQueryInput;
    locale: Locale;
    pagePaths: Map<string, string>;
    contexts?: Map<string, ListContext>;
  },
): Promise<ListPage> {
  const { list } = input;
  if (list.block.buildingBlockName === 'widget') {
    const source = await resolveWidgetSource(db, input.actor, list, input.contexts);
    if (!source) return emptyPage(list, input.query);
    return getListPage(db, { ...input, source });
  }
  return getListPage(db, input);
}

/** A page of a list (or widget) block. */
export async function listPage(
  ctx: Ctx,
  blockGuid: string,
  query: ListQueryInput,
  names: readonly string[] = LIST_BLOCK_NAMES,
) {
  // Independent reads side by side (on PostgreSQL they run on separate connections).
  const [list, pagePaths] = await Promise.all([
    requireVisibleList(ctx.db, ctx.actor, blockGuid, names),
    loadPagePaths(ctx.db, ctx.locale),
  ]);
  return pageOf(ctx.db, { actor: ctx.actor, list, query, locale: ctx.locale, pagePaths });
}

export const widgetPage = (ctx: Ctx, blockGuid: string, query: ListQueryInput) =>
  listPage(ctx, blockGuid, query, ['widget']);

/** How many items the list shows the caller under its stored settings. */
export async function listMeta(ctx: Ctx, blockGuid: string) {
  const list = await requireVisibleList(ctx.db, ctx.actor, blockGuid);
  const page = await pageOf(ctx.db, {
    actor: ctx.actor,
    list,
    query: { itemCount: 1 },
    locale: ctx.locale,
    pagePaths: new Map(),
  });
  return { totalNumberOfItems: page.totalNumberOfItems };
}

/**
 * Several lists in one round trip: each guid's page, null for a list that does not exist (or that
 * the caller may not see), or an error body for a bad query.
 */
export async function listPages(
  ctx: Ctx,
  queries: Record<string, string>,
  parseQuery: (json: unknown) => ListQueryInput | null,
): Promise<Record<string, ListPage | ApiErrorBody | null>> {
  const { actor, locale, db } = ctx;
  const guids = Object.keys(queries);
  const loadingPaths = loadPagePaths(db, locale);
  // Awaited below; a failure before then must not go unhandled.
  loadingPaths.catch(() => undefined);
  const contexts = await loadListContexts(db, guids);
  const sourceGuids = [...contexts.values()]
    .filter((list) => list.block.buildingBlockName === 'widget')
    .map((list) => widgetSourceGuid(list.block))
    .filter((guid) => !contexts.has(guid));
  for (const [guid, list] of await loadListContexts(db, sourceGuids)) contexts.set(guid, list);
  const pagePaths = await loadingPaths;
  const entries = await Promise.all(
    guids.map(async (guid): Promise<[string, ListPage | ApiErrorBody | null]> => {
      const list = contexts.get(guid);
      const isList = list && (LIST_BLOCK_NAMES as readonly string[]).includes(list.block.buildingBlockName);
      if (!list || !isList || !can(actor, 'list.view', list.policy)) return [guid, null];
      let json: unknown;
      try {
        const raw = queries[guid] ?? '';
        json = raw.trim() === '' ? {} : JSON.parse(raw);
      } catch {
        return [guid, errorBody('bad_request', locale)];
      }
      const query = parseQuery(json);
      if (!query) return [guid, errorBody('validation_failed', locale)];
      try {
        return [guid, await pageOf(db, { actor, list, query, locale, pagePaths, contexts })];
      } catch (error) {
        if (error instanceof AppError && error.status < 500) return [guid, errorBody(error.code, locale)];
        throw error;
      }
    }),
  );
  return Object.fromEntries(entries);
}

export async function itemTypes(ctx: Ctx) {
  return (await listAllItemTypes(ctx.db)).map((type) => ({
    name: type.name,
    label: pickLocale(type.label, ctx.locale),
    labelTranslations: type.label,
  }));
}

// Single items

/** The item if the actor may see it; a hidden item is a 404 like an unknown one. */
async function findVisibleItem(ctx: Ctx, where: { id: string } | { shortId: string }) {
  const found = await findListItem(ctx.db, where);
  if (
    !found ||
    !can(ctx.actor, 'listItem.view', { ...found.item, list: found.list.policy, now: new Date() })
  ) {
    throw notFound('item');
  }
  return found;
}

async function presentItems(ctx: Ctx, found: readonly ListItemWithList[]) {
  const [parents, pagePaths] = await Promise.all([
    loadParentGuids(
      ctx.db,
      found.map(({ item }) => item.id),
    ),
    loadPagePaths(ctx.db, ctx.locale),
  ]);
  return found.map((entry) =>
    presentListItemDetail(entry, {
      actor: ctx.actor,
      locale: ctx.locale,
      parentGuids: parents.get(entry.item.id) ?? [],
      pagePath: entry.list.page ? (pagePaths.get(entry.list.page.id) ?? null) : null,
    }),
  );
}

export async function getItem(ctx: Ctx, where: { id: string } | { shortId: string }) {
  const [item] = await presentItems(ctx, [await findVisibleItem(ctx, where)]);
  return item!;
}

/** Adds items to a list: those who may add items to it (its page's editors, addPermission/addRoles). */
export async function addItems(ctx: Ctx, blockGuid: string, items: ListItemWrite[]) {
  const list = await requireVisibleList(ctx.db, ctx.actor, blockGuid);
  authorize(ctx.actor, 'list.addItem', list.policy);
  const created = await createListItems(ctx, list, items);
  return presentItems(
    ctx,
    created.map((item) => ({ item, list })),
  );
}

export async function changeItem(ctx: Ctx, guid: string, input: ListItemWrite) {
  const found = await findVisibleItem(ctx, { id: guid });
  authorize(ctx.actor, 'listItem.update', { ...found.item, list: found.list.policy });
  const saved = await updateListItem(ctx, found, input);
  const [item] = await presentItems(ctx, [{ item: saved, list: found.list }]);
  return item!;
}

export async function removeItem(ctx: Ctx, guid: string) {
  const found = await findVisibleItem(ctx, { id: guid });
  authorize(ctx.actor, 'listItem.delete', { ...found.item, list: found.list.policy });
  await deleteListItem(ctx, found);
}

/** Moves an item of a list to before another (or to the end): those who may edit the list's items. */
export async function moveItem(
  ctx: Ctx,
  blockGuid: string,
  move: { itemGuid: string; beforeGuid: string | null },
) {
  const list = await requireVisibleList(ctx.db, ctx.actor, blockGuid, ['list']);
  authorize(ctx.actor, 'list.editItems', list.policy);
  return { items: await reorderListItem(ctx, list, move) };
}

export type { ListQueryInput } from './query.ts';
