import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { BLOCK_TYPES, type BlockTypeName, isBlockTypeName } from '../../common/blocks/index.ts';
import { readBlockPermissions } from '../../common/blocks/permissions.ts';
import {
  DEFAULT_PAGE_NUMBER,
  isListSortKey,
  itemUrl,
  type ListBlockOptions,
  type ListFilter,
  type ListItemView,
  type ListPage,
  type ListSortKey,
  listBlockOptionsSchema,
  type listItemInputSchema,
  MAX_ITEMS_PER_PAGE,
  parseListFilter,
} from '../../common/list-items.ts';
import type { Locale, Localized, LocalizedText } from '../../common/localized-text.ts';
import { fallbackLang, LOCALES, optional, pickLocale } from '../../common/localized-text.ts';
import { LEGAL_PAGES, TOP_LEVEL_MENU } from '../../common/site.ts';
import { type Database, type Executor, queryRows } from '../db/client.ts';
import {
  auditEvents,
  buildingBlockInstances,
  type ListItemContentBlock,
  listItemParents,
  listItems,
  listItemTypes,
  pages,
} from '../db/schema.ts';
import { contentVersion, LruCache } from '../domains/cache.ts';
import { AppError } from '../errors.ts';
import { type Actor, abilities, can, type ListForPolicy } from '../policies/index.ts';
import type { BlockRow, PageRow } from './pages.ts';

/**
 * Lists of items: the list and widget queries (paging, sort, filter, search within a list, expiry,
 * visibility), item reads for the API and item pages, and the item writes. Visibility lives in SQL
 * row filters built from the policies (seesHiddenListItems), so a visitor's page of items and its
 * total never include what they may not see.
 */

export type ListItemRow = typeof listItems.$inferSelect;

/** A list block (or widget) with the page that holds it, as the policies and queries need it. */
export type ListContext = {
  block: BlockRow;
  page: PageRow | null;
  policy: ListForPolicy;
};

export const LIST_BLOCK_NAMES = ['list', 'widget'] as const;
export const WIDGET_MAX_ITEMS = 20;

/** The request side of a list query (SPEC 7 names), after validation. */
export type ListQueryInput = {
  pageNumber?: number | undefined;
  itemCount?: number | undefined;
  sort_by?: string | undefined;
  filter?: string | undefined;
  searchFilter?: string | undefined;
  showExpiredItems?: boolean | undefined;
  highlightOnly?: boolean | undefined;
  parentGuids?: string[] | undefined;
};

// ---------------------------------------------------------------------------------------------
// Loading lists and page paths

export async function loadListContexts(
  db: Executor,
  blockGuids: string[],
): Promise<Map<string, ListContext>> {
  const result = new Map<string, ListContext>();
  if (blockGuids.length === 0) return result;
  const rows = await db
    .select({ block: buildingBlockInstances, page: pages })
    .from(buildingBlockInstances)
    .leftJoin(pages, eq(pages.id, buildingBlockInstances.pageId))
    .where(inArray(buildingBlockInstances.id, blockGuids));
  for (const { block, page } of rows) result.set(block.id, toListContext(block, page));
  return result;
}

export function toListContext(block: BlockRow, page: PageRow | null): ListContext {
  return { block, page, policy: { page, permissions: readBlockPermissions(block.options) } };
}

/** A list or widget block the actor may see, or a 404 (unknown, other block type and hidden are alike). */
export async function requireVisibleList(
  db: Executor,
  actor: Actor,
  blockGuid: string,
  names: readonly string[] = LIST_BLOCK_NAMES,
): Promise<ListContext> {
  const list = (await loadListContexts(db, [blockGuid])).get(blockGuid);
  if (!list || !names.includes(list.block.buildingBlockName) || !can(actor, 'list.view', list.policy)) {
    throw new AppError('not_found', 'list not found');
  }
  return list;
}

const pagePathCaches = new WeakMap<object, LruCache<Promise<Map<string, string>>>>();

/**
 * Where each page is served: its path in the "Top level menu" (the shallowest occurrence), or a
 * legal page's fixed path. Pages reachable neither way have no URL (their items have none either).
 * Lists and search ask for it on every request: it is kept per database handle and content version
 * (menus and pages bump it on every write, on any node), so a request pays one primary-key read.
 * The map is shared: callers read it, never change it.
 */
export async function loadPagePaths(db: Executor, locale: Locale): Promise<Map<string, string>> {
  let cache = pagePathCaches.get(db);
  if (!cache) {
    cache = new LruCache<Promise<Map<string, string>>>(16);
    pagePathCaches.set(db, cache);
  }
  const key = `${await contentVersion(db)}|${locale}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const pending = queryPagePaths(db, locale);
  cache.set(key, pending);
  pending.catch(() => cache.delete(key));
  return pending;
}

/** The page paths, read from the menu tree (one query). Paths are built like loadMenuTree's. */
async function queryPagePaths(db: Executor, locale: Locale): Promise<Map<string, string>> {
  const legal = Object.values(LEGAL_PAGES);
  const legalNames = `{${legal.map((entry) => entry.name).join(',')}}`;
  const rows = await queryRows<{ page_id: string; path: string | null; name: string | null }>(
    db,
    sql`
    WITH RECURSIVE tree AS (
      SELECT mi.id, mi.page_id, mi.external_url, mi.sort_id, 1 AS depth,
        CASE WHEN mi.url_segment = '' THEN '/' ELSE regexp_replace('/' || mi.url_segment, '/+$', '') END AS path
      FROM menu_items mi JOIN menus m ON m.id = mi.menu_id
      WHERE m.name = ${TOP_LEVEL_MENU} AND mi.parent_id IS NULL
      UNION ALL
      SELECT c.id, c.page_id, c.external_url, c.sort_id, t.depth + 1,
        regexp_replace(CASE WHEN t.path = '/' THEN '' ELSE t.path END || '/' || c.url_segment, '/+$', '')
      FROM menu_items c JOIN tree t ON c.parent_id = t.id
      WHERE t.depth < 11
    )
    SELECT page_id, path, NULL AS name FROM (
      SELECT DISTINCT ON (page_id) page_id, path, depth, sort_id FROM tree
      WHERE page_id IS NOT NULL AND external_url IS NULL
      ORDER BY page_id, depth, sort_id
    ) menu_paths
    UNION ALL
    SELECT id, NULL, name FROM pages WHERE name = ANY(${legalNames}::text[])`,
  );
  const paths = new Map<string, string>();
  for (const row of rows) {
    if (row.path !== null) paths.set(row.page_id, row.path);
  }
  for (const row of rows) {
    const entry = legal.find((candidate) => candidate.name === row.name);
    if (entry && !paths.has(row.page_id)) paths.set(row.page_id, entry.path(locale));
  }
  return paths;
}

// ---------------------------------------------------------------------------------------------
// Presenting

export function readListOptions(block: BlockRow): ListBlockOptions {
  const schema = block.buildingBlockName === 'widget' ? BLOCK_TYPES.widget.options : listBlockOptionsSchema;
  const parsed = schema.safeParse(block.options ?? {});
  return parsed.success ? parsed.data : listBlockOptionsSchema.parse({});
}

/** A widget's source list: the list block it names, or the widget itself. */
export function widgetSourceGuid(block: BlockRow): string {
  const parsed = BLOCK_TYPES.widget.options.safeParse(block.options ?? {});
  return (parsed.success ? parsed.data.sourceBlockGuid : null) ?? block.id;
}

export function isItemExpired(
  item: Pick<ListItemRow, 'periodEnd' | 'publishedOn'>,
  options: Pick<ListBlockOptions, 'itemsRecentForDays'>,
  now: Date,
): boolean {
  if (item.periodEnd) return item.periodEnd.getTime() <= now.getTime();
  if (options.itemsRecentForDays) {
    return item.publishedOn.getTime() + options.itemsRecentForDays * 86_400_000 <= now.getTime();
  }
  return false;
}

type ItemListRow = Omit<ListItemRow, 'content' | 'createdAt'>;

export function toListItemView(
  row: ItemListRow,
  input: {
    parentGuids: string[];
    locale: Locale;
    pagePath: string | null;
    options: Pick<ListBlockOptions, 'itemsRecentForDays'>;
    now: Date;
    abilities?: { update: boolean; delete: boolean } | undefined;
  },
): ListItemView {
  const title = pickLocale(row.title, input.locale);
  return {
    guid: row.id,
    shortId: row.shortId,
    title,
    ...optional('titleLang', fallbackLang(row.title, input.locale)),
    listItemTypeName: row.listItemTypeName,
    parentGuids: input.parentGuids,
    description: pickLocale(row.description, input.locale),
    ...optional('descriptionLang', fallbackLang(row.description, input.locale)),
    publishedOn: row.publishedOn.toISOString(),
    periodEnd: row.periodEnd ? row.periodEnd.toISOString() : null,
    highlight: row.highlight,
    isExpired: isItemExpired(row, input.options, input.now),
    imageGuid: row.imageGuid,
    blockGuid: row.blockId,
    url: input.pagePath === null ? null : itemUrl(input.pagePath, row.shortId, title),
    ...(input.abilities ? { abilities: input.abilities } : {}),
  };
}

export async function loadParentGuids(db: Executor, itemIds: string[]): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>();
  if (itemIds.length === 0) return result;
  const rows = await db
    .select({ itemId: listItemParents.itemId, parentGuid: listItemParents.parentGuid })
    .from(listItemParents)
    .where(inArray(listItemParents.itemId, itemIds))
    .orderBy(asc(listItemParents.parentGuid));
  for (const row of rows) {
    const list = result.get(row.itemId) ?? [];
    list.push(row.parentGuid);
    result.set(row.itemId, list);
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// The list query

/** The effective query: the request over the block's stored settings. Throws invalid_sort / invalid_filter. */
export type ResolvedListQuery = {
  pageNumber: number;
  itemCount: number;
  sortBy: ListSortKey;
  filters: ListFilter[];
  parentGuids: string[];
  searchFilter: string | null;
  showExpired: boolean;
  highlightOnly: boolean;
  hasActiveItems: boolean;
  itemsRecentForDays: number | null;
};

export function resolveListQuery(
  options: ListBlockOptions,
  input: ListQueryInput,
  limits: { maxItems: number } = { maxItems: MAX_ITEMS_PER_PAGE },
): ResolvedListQuery {
  let sortBy: ListSortKey = options.sortOrder === 'manual' ? 'manual' : options.defaultSortBy;
  if (input.sort_by !== undefined && input.sort_by !== '') {
    if (!isListSortKey(input.sort_by)) throw new AppError('invalid_sort', `unknown sort key`);
    sortBy = input.sort_by;
  }
  const requested = parseListFilter(input.filter);
  if (!requested) throw new AppError('invalid_filter', 'filter is not valid');
  // A stored filter the editor got wrong must not break the page: it is ignored.
  const stored = parseListFilter(options.filter) ?? parseListFilter('');
  const filters = [stored, requested].filter((filter): filter is ListFilter => filter !== null);
  const hasParentTerm = filters.some((filter) => filter.parentGuids.length > 0);
  const parentGuids = input.parentGuids?.length
    ? input.parentGuids
    : hasParentTerm
      ? []
      : options.defaultParentGuids;
  const searchFilter = input.searchFilter?.trim().slice(0, 200) || null;
  return {
    pageNumber: input.pageNumber ?? DEFAULT_PAGE_NUMBER,
    itemCount: Math.min(input.itemCount ?? options.defaultItemsPerPage, limits.maxItems),
    sortBy,
    filters,
    parentGuids,
    searchFilter,
    showExpired:
      options.showExpiredItemsByDefault ||
      input.showExpiredItems === true ||
      filters.some((filter) => filter.showExpired),
    highlightOnly:
      options.highlightOnly || input.highlightOnly === true || filters.some((filter) => filter.highlightOnly),
    hasActiveItems: options.hasActiveItems,
    itemsRecentForDays: options.itemsRecentForDays,
  };
}

const LIKE_SPECIAL = /[\\%_]/g;

function listConditions(input: {
  blockId: string;
  query: ResolvedListQuery;
  seesHidden: boolean;
  now: Date;
  /** When the query is driven from list_item_parents for this one parent, that condition is in the join. */
  drivingParent: string | null;
}): SQL[] {
  const { query, now } = input;
  const at = sql`${now.toISOString()}::timestamptz`;
  // Driven from one parent, the block and visibility columns are list_item_parents' mirrored ones:
  // its covering index then filters and pages without visiting list_items.
  const item =
    input.drivingParent === null
      ? listItems
      : {
          blockId: listItemParents.blockId,
          isPublished: listItemParents.isPublished,
          publishedOn: listItemParents.publishedOn,
          periodEnd: listItemParents.periodEnd,
        };
  const conditions: SQL[] = [sql`${item.blockId} = ${input.blockId}`];
  if (!input.seesHidden) {
    conditions.push(sql`${item.isPublished} AND ${item.publishedOn} <= ${at}`);
  }
  if (!query.showExpired) {
    conditions.push(sql`(${item.periodEnd} IS NULL OR ${item.periodEnd} > ${at})`);
    if (query.itemsRecentForDays) {
      conditions.push(
        sql`(${item.periodEnd} IS NOT NULL OR ${item.publishedOn} > ${at} - make_interval(days => ${query.itemsRecentForDays}::int))`,
      );
    }
  }
  if (query.hasActiveItems) {
    conditions.push(sql`(${item.periodEnd} IS NOT NULL AND ${item.periodEnd} > ${at})`);
  }
  if (query.highlightOnly) conditions.push(sql`${listItems.highlight}`);
  for (const filter of query.filters) {
    if (filter.types.length > 0) conditions.push(inArray(listItems.listItemTypeName, filter.types));
    if (filter.parentGuids.length > 0 && input.drivingParent === null) {
      conditions.push(hasParent(filter.parentGuids));
    }
  }
  if (query.parentGuids.length > 0 && input.drivingParent === null) {
    conditions.push(hasParent(query.parentGuids));
  }
  if (query.searchFilter) {
    const pattern = `%${query.searchFilter.replace(LIKE_SPECIAL, (match) => `\\${match}`)}%`;
    conditions.push(
      sql`unaccent(concat_ws(' ', ${listItems.title}->>'nl', ${listItems.title}->>'en', ${listItems.description}->>'nl', ${listItems.description}->>'en')) ILIKE unaccent(${pattern})`,
    );
  }
  return conditions;
}

function hasParent(parentGuids: string[]): SQL {
  return sql`EXISTS (SELECT 1 FROM ${listItemParents} WHERE ${listItemParents.itemId} = ${listItems.id} AND ${inArray(listItemParents.parentGuid, parentGuids)})`;
}

function orderBy(sortBy: ListSortKey, locale: Locale, drivingParent: boolean): SQL[] {
  // With a single parent the rows come from list_item_parents' (parent, published_on desc) index.
  const publishedOn = drivingParent ? listItemParents.publishedOn : listItems.publishedOn;
  const id = drivingParent ? listItemParents.itemId : listItems.id;
  const titleKey = sql`lower(coalesce(nullif(${listItems.title}->>${locale}, ''), ${listItems.title}->>'nl'))`;
  switch (sortBy) {
    case 'publishedOn_asc':
      return [sql`${publishedOn} ASC NULLS FIRST`, sql`${id} ASC NULLS FIRST`];
    case 'title_asc':
      return [sql`${titleKey} ASC`, sql`${listItems.id} ASC`];
    case 'title_desc':
      return [sql`${titleKey} DESC`, sql`${listItems.id} DESC`];
    case 'periodEnd_asc':
      return [
        sql`${listItems.periodEnd} ASC NULLS LAST`,
        sql`${listItems.publishedOn} DESC`,
        sql`${listItems.id}`,
      ];
    case 'periodEnd_desc':
      return [
        sql`${listItems.periodEnd} DESC NULLS LAST`,
        sql`${listItems.publishedOn} DESC`,
        sql`${listItems.id}`,
      ];
    case 'manual':
      return [
        sql`${listItems.sortId} ASC`,
        sql`${listItems.publishedOn} DESC NULLS LAST`,
        sql`${listItems.id} DESC`,
      ];
    default:
      return [sql`${publishedOn} DESC NULLS LAST`, sql`${id} DESC NULLS LAST`];
  }
}

const listColumns = {
  id: listItems.id,
  shortId: listItems.shortId,
  blockId: listItems.blockId,
  listItemTypeName: listItems.listItemTypeName,
  title: listItems.title,
  description: listItems.description,
  publishedOn: listItems.publishedOn,
  periodEnd: listItems.periodEnd,
  highlight: listItems.highlight,
  isPublished: listItems.isPublished,
  sortId: listItems.sortId,
  imageGuid: listItems.imageGuid,
  updatedAt: listItems.updatedAt,
};

/**
 * List totals, per database handle: counting a big list costs more than reading a page of it, and a
 * total only changes with the content (the content version, bumped by triggers on every write on
 * any node) or with the clock (scheduled and expiring items: the minute is part of the key).
 */
const countCaches = new WeakMap<object, LruCache<Promise<number>>>();

async function cachedCount(db: Executor, key: string, count: () => Promise<number>): Promise<number> {
  let cache = countCaches.get(db);
  if (!cache) {
    cache = new LruCache<Promise<number>>(5000);
    countCaches.set(db, cache);
  }
  const fullKey = `${await contentVersion(db)}|${Math.floor(Date.now() / 60_000)}|${key}`;
  const hit = cache.get(fullKey);
  if (hit) return hit;
  const pending = count();
  cache.set(fullKey, pending);
  pending.catch(() => cache.delete(fullKey));
  return pending;
}

/** One page of a list's items and the total, for the actor. */
export async function queryListItems(
  db: Executor,
  input: { blockId: string; query: ResolvedListQuery; seesHidden: boolean; locale: Locale; now: Date },
): Promise<{ rows: (ItemListRow & { parentGuids: string[] })[]; total: number }> {
  const { query } = input;
  // One parent (from parentGuids or a filter's parent: term, the only parent condition): the rows
  // come from list_item_parents' (parent, published_on desc) index.
  const parentSets = [query.parentGuids, ...query.filters.map((filter) => filter.parentGuids)].filter(
    (set) => set.length > 0,
  );
  const single = parentSets.length === 1 && parentSets[0]?.length === 1 ? (parentSets[0][0] ?? null) : null;
  const drivingParent =
    single !== null && (query.sortBy === 'publishedOn_desc' || query.sortBy === 'publishedOn_asc')
      ? single
      : null;
  const where = and(...listConditions({ ...input, drivingParent }));
  const offset = (query.pageNumber - 1) * query.itemCount;
  const { pageNumber: _page, itemCount: _count, sortBy: _sort, ...countedQuery } = query;
  const countKey = JSON.stringify([input.blockId, input.seesHidden, countedQuery]);
  // Driven from one parent, list_items is only joined for conditions on its other columns (item
  // type, highlight, search text); otherwise list_item_parents' mirrored columns are enough.
  const needsItems =
    query.highlightOnly ||
    query.searchFilter !== null ||
    query.filters.some((filter) => filter.types.length > 0);
  const fromParent = (columns: Record<string, SQL | typeof listItemParents.itemId>) => {
    const base = db.select(columns).from(listItemParents);
    return needsItems ? base.innerJoin(listItems, eq(listItems.id, listItemParents.itemId)) : base;
  };
  const parentWhere = drivingParent ? and(eq(listItemParents.parentGuid, drivingParent), where) : where;
  // The total first (usually cached): a page past the end then costs no query at all.
  const total = await cachedCount(db, countKey, async () => {
    const [row] = drivingParent
      ? await fromParent({ total: sql<number>`count(*)::int` }).where(parentWhere)
      : await db.select({ total: sql<number>`count(*)::int` }).from(listItems).where(where);
    return Number(row?.total ?? 0);
  });
  if (offset >= total) return { rows: [], total };
  // Deferred join: the ids of the page come from the covering indexes alone (index-only, also at a
  // deep offset); only the page's own rows are read whole.
  const pageIds = drivingParent
    ? fromParent({ id: listItemParents.itemId })
        .where(parentWhere)
        .orderBy(...orderBy(query.sortBy, input.locale, true))
        .limit(query.itemCount)
        .offset(offset)
    : db
        .select({ id: listItems.id })
        .from(listItems)
        .where(where)
        .orderBy(...orderBy(query.sortBy, input.locale, false))
        .limit(query.itemCount)
        .offset(offset);
  // The items' parents come along in the same round trip.
  const rows = await db
    .select({
      ...listColumns,
      parentGuids: sql<
        string[]
      >`ARRAY(SELECT ${listItemParents.parentGuid}::text FROM ${listItemParents} WHERE ${listItemParents.itemId} = ${listItems.id} ORDER BY ${listItemParents.parentGuid})`,
    })
    .from(listItems)
    .where(inArray(listItems.id, pageIds))
    .orderBy(...orderBy(query.sortBy, input.locale, false));
  return { rows, total };
}

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

/** The source list of a widget (its own block when it names none, or names one the actor cannot see). */
export async function resolveWidgetSource(
  db: Executor,
  actor: Actor,
  widget: ListContext,
  contexts?: Map<string, ListContext>,
): Promise<ListContext | null> {
  const sourceGuid = widgetSourceGuid(widget.block);
  if (sourceGuid === widget.block.id) return widget;
  const source = contexts?.get(sourceGuid) ?? (await loadListContexts(db, [sourceGuid])).get(sourceGuid);
  if (source?.block.buildingBlockName !== 'list' || !can(actor, 'list.view', source.policy)) return null;
  return source;
}

/** Item types in use in a list (for its filter control). */
export async function listItemTypesInBlock(db: Executor, blockId: string): Promise<string[]> {
  const rows = await db
    .select({ name: listItemTypes.name })
    .from(listItemTypes)
    .where(
      sql`EXISTS (SELECT 1 FROM ${listItems} WHERE ${listItems.blockId} = ${blockId} AND ${listItems.listItemTypeName} = ${listItemTypes.name})`,
    )
    .orderBy(asc(listItemTypes.name));
  return rows.map((row) => row.name);
}

export async function listAllItemTypes(db: Executor) {
  return db.select().from(listItemTypes).orderBy(asc(listItemTypes.name));
}

// ---------------------------------------------------------------------------------------------
// Single items

export type ListItemWithList = { item: ListItemRow; list: ListContext };

export async function findListItem(
  db: Executor,
  where: { id: string } | { shortId: string },
): Promise<ListItemWithList | null> {
  const [row] = await db
    .select({ item: listItems, block: buildingBlockInstances, page: pages })
    .from(listItems)
    .innerJoin(buildingBlockInstances, eq(buildingBlockInstances.id, listItems.blockId))
    .leftJoin(pages, eq(pages.id, buildingBlockInstances.pageId))
    .where('id' in where ? eq(listItems.id, where.id) : eq(listItems.shortId, where.shortId))
    .limit(1);
  if (!row) return null;
  return { item: row.item, list: toListContext(row.block, row.page) };
}

/** The item as the item API returns it: the view plus what an editor needs (all translations, blocks). */
export function presentListItemDetail(
  found: ListItemWithList,
  input: { actor: Actor; locale: Locale; parentGuids: string[]; pagePath: string | null; now?: Date },
) {
  const { item, list } = found;
  const options = readListOptions(list.block);
  const itemAbilities = abilities('listItem', input.actor, { ...item, list: list.policy });
  return {
    ...toListItemView(item, {
      parentGuids: input.parentGuids,
      locale: input.locale,
      pagePath: input.pagePath,
      options,
      now: input.now ?? new Date(),
      abilities: itemAbilities,
    }),
    abilities: itemAbilities,
    titleTranslations: item.title,
    metadata: {
      description: pickLocale(item.description, input.locale),
      descriptionTranslations: item.description,
    },
    contentBuildingBlockInstances: item.content.map((block) => ({
      guid: block.guid,
      buildingBlockName: block.buildingBlockName,
      content: block.content,
      options: block.options,
      sortId: block.sortId,
    })),
    isPublished: item.isPublished,
    sortId: item.sortId,
    createdAt: item.createdAt.toISOString(),
    updatedAt: item.updatedAt.toISOString(),
  };
}

/** An item's own blocks as block rows, so the page renderer (toBlockViews) prepares them like page blocks. */
export function itemBlockRows(item: ListItemRow): BlockRow[] {
  return [...item.content]
    .sort((a, b) => a.sortId - b.sortId)
    .map((block) => ({
      id: block.guid,
      pageId: null,
      buildingBlockName: block.buildingBlockName,
      options: block.options,
      content: block.content,
      layoutPosition: 'main' as const,
      sortId: block.sortId,
      updatedAt: item.updatedAt,
    }));
}

/** Visible items that name this item as a parent, in the order the list's nestedSortOrder asks. */
export async function listChildren(
  db: Executor,
  input: {
    actor: Actor;
    parent: ListItemWithList;
    locale: Locale;
    pagePaths: Map<string, string>;
    now?: Date;
  },
): Promise<ListItemView[]> {
  const now = input.now ?? new Date();
  const options = readListOptions(input.parent.list.block);
  const rows = await db
    .select({ ...listColumns, pageId: buildingBlockInstances.pageId, page: pages })
    .from(listItemParents)
    .innerJoin(listItems, eq(listItems.id, listItemParents.itemId))
    .innerJoin(buildingBlockInstances, eq(buildingBlockInstances.id, listItems.blockId))
    .leftJoin(pages, eq(pages.id, buildingBlockInstances.pageId))
    .where(eq(listItemParents.parentGuid, input.parent.item.id))
    .orderBy(...orderBy(options.nestedSortOrder, input.locale, false), sql`${listItems.id}`)
    .limit(200);
  const visible = rows.filter((row) => {
    const policy: ListForPolicy = { page: row.page, permissions: { addPermission: 'admins', addRoles: [] } };
    if (!can(input.actor, 'list.view', policy)) return false;
    if (can(input.actor, 'list.editItems', policy)) return true;
    return row.isPublished && row.publishedOn.getTime() <= now.getTime();
  });
  const parents = await loadParentGuids(
    db,
    visible.map((row) => row.id),
  );
  return visible.slice(0, 50).map((row) =>
    toListItemView(row, {
      parentGuids: parents.get(row.id) ?? [],
      locale: input.locale,
      pagePath: row.pageId ? (input.pagePaths.get(row.pageId) ?? null) : null,
      options,
      now,
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Writes

export type ListItemWrite = z.output<typeof listItemInputSchema>;
type Issue = { path: string; message: string };

const SHORT_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 8 random base62 characters (~47 bits): short enough for a URL, unique by a unique index. */
export function newShortId(): string {
  const bytes = randomBytes(16);
  let id = '';
  for (const byte of bytes) {
    // 248 = 4 × 62: rejecting the top values keeps every character equally likely.
    if (byte < 248) id += SHORT_ID_ALPHABET[byte % 62];
    if (id.length === 8) return id;
  }
  return id.padEnd(8, 'x');
}

/** An item's own blocks, each checked against its type's schemas (lists and widgets cannot nest). */
function validateItemBlocks(blocks: ListItemWrite['contentBuildingBlockInstances']): ListItemContentBlock[] {
  const issues: Issue[] = [];
  const result: ListItemContentBlock[] = [];
  blocks.forEach((block, index) => {
    const at = `contentBuildingBlockInstances.${index}`;
    const name = block.buildingBlockName;
    if (!isBlockTypeName(name) || name === 'list' || name === 'widget') {
      issues.push({ path: `${at}.buildingBlockName`, message: 'must be a block type an item may hold' });
      return;
    }
    const type = BLOCK_TYPES[name as BlockTypeName];
    const content: Localized<unknown> = { nl: undefined };
    for (const locale of LOCALES) {
      const value = block.content[locale];
      if (value === undefined && locale !== 'nl') continue;
      const parsed = type.content.safeParse(value);
      if (parsed.success) content[locale] = parsed.data;
      else issues.push(...parsed.error.issues.map((issue) => issueAt(`${at}.content.${locale}`, issue)));
    }
    const options = type.options.safeParse(block.options);
    if (!options.success)
      issues.push(...options.error.issues.map((issue) => issueAt(`${at}.options`, issue)));
    result.push({
      guid: block.guid ?? randomUUID(),
      buildingBlockName: name,
      content,
      options: (options.success ? options.data : {}) as Record<string, unknown>,
      sortId: block.sortId,
    });
  });
  if (issues.length > 0) throw new AppError('validation_failed', 'item blocks are not valid', issues);
  return result;
}

function issueAt(prefix: string, issue: z.core.$ZodIssue): Issue {
  return { path: [prefix, ...issue.path.map(String)].join('.'), message: issue.message };
}

function localizedText(value: { nl: string; en?: string | undefined }): LocalizedText {
  return { nl: value.nl, ...(value.en ? { en: value.en } : {}) };
}

function itemValues(input: ListItemWrite) {
  if (input.periodEnd && input.publishedOn && Date.parse(input.periodEnd) < Date.parse(input.publishedOn)) {
    throw new AppError('validation_failed', 'period end before publication', [
      { path: 'periodEnd', message: 'must not be before publishedOn' },
    ]);
  }
  return {
    listItemTypeName: input.listItemTypeName,
    title: localizedText(input.title),
    description: localizedText(input.metadata.description),
    content: validateItemBlocks(input.contentBuildingBlockInstances),
    periodEnd: input.periodEnd ? new Date(input.periodEnd) : null,
    highlight: input.highlight,
    isPublished: input.isPublished,
    sortId: input.sortId,
    imageGuid: input.imageGuid,
  };
}

async function ensureItemTypes(tx: Executor, names: string[]) {
  const unique = [...new Set(names)];
  if (unique.length === 0) return;
  await tx
    .insert(listItemTypes)
    .values(unique.map((name) => ({ name, label: { nl: name } })))
    .onConflictDoNothing();
}

async function writeParents(tx: Executor, itemId: string, parentGuids: string[], publishedOn: Date) {
  await tx.delete(listItemParents).where(eq(listItemParents.itemId, itemId));
  const unique = [...new Set(parentGuids.map((guid) => guid.toLowerCase()))].filter(
    (guid) => guid !== itemId,
  );
  if (unique.length === 0) return;
  await tx.insert(listItemParents).values(unique.map((parentGuid) => ({ itemId, parentGuid, publishedOn })));
}

/** Creates items in a list, in one transaction with one audit event. */
export async function createListItems(options: {
  db: Database;
  list: ListContext;
  actorId: string;
  items: ListItemWrite[];
}): Promise<ListItemRow[]> {
  const { db, list, items } = options;
  const prepared = items.map((input, index) => {
    try {
      return { input, values: itemValues(input) };
    } catch (error) {
      if (error instanceof AppError && error.details) {
        throw new AppError(
          error.code,
          error.message,
          error.details.map((detail) => ({ ...detail, path: `${index}.${detail.path}` })),
        );
      }
      throw error;
    }
  });
  return db.transaction(async (tx) => {
    await ensureItemTypes(
      tx,
      prepared.map(({ values }) => values.listItemTypeName),
    );
    const created: ListItemRow[] = [];
    for (const { input, values } of prepared) {
      const publishedOn = input.publishedOn ? new Date(input.publishedOn) : new Date();
      let row: ListItemRow | undefined;
      // A short id collision (one in ~10^14) is retried with a fresh id rather than failing the save.
      for (let attempt = 0; attempt < 5 && !row; attempt += 1) {
        [row] = await tx
          .insert(listItems)
          .values({ ...values, shortId: newShortId(), blockId: list.block.id, publishedOn })
          .onConflictDoNothing({ target: listItems.shortId })
          .returning();
      }
      if (!row) throw new AppError('conflict', 'could not allocate a short id');
      await writeParents(tx, row.id, input.parentGuids, publishedOn);
      created.push(row);
    }
    await tx.insert(auditEvents).values({
      actorId: options.actorId,
      action: 'listItem.create',
      entityType: 'listItem',
      entityId: list.block.id,
      data: { blockGuid: list.block.id, itemGuids: created.map((row) => row.id) },
    });
    return created;
  });
}

export async function updateListItem(options: {
  db: Database;
  item: ListItemRow;
  actorId: string;
  input: ListItemWrite;
}): Promise<ListItemRow> {
  const { db, item, input } = options;
  const values = itemValues({ ...input, publishedOn: input.publishedOn ?? item.publishedOn.toISOString() });
  return db.transaction(async (tx) => {
    await ensureItemTypes(tx, [values.listItemTypeName]);
    const publishedOn = input.publishedOn ? new Date(input.publishedOn) : item.publishedOn;
    const [saved] = await tx
      .update(listItems)
      .set({ ...values, publishedOn, updatedAt: new Date() })
      .where(eq(listItems.id, item.id))
      .returning();
    if (!saved) throw new AppError('not_found', 'item not found');
    await writeParents(tx, item.id, input.parentGuids, publishedOn);
    await tx.insert(auditEvents).values({
      actorId: options.actorId,
      action: 'listItem.update',
      entityType: 'listItem',
      entityId: item.id,
      data: { blockGuid: item.blockId },
    });
    return saved;
  });
}

export async function deleteListItem(options: { db: Database; item: ListItemRow; actorId: string }) {
  const { db, item } = options;
  await db.transaction(async (tx) => {
    await tx.delete(listItems).where(eq(listItems.id, item.id));
    await tx.insert(auditEvents).values({
      actorId: options.actorId,
      action: 'listItem.delete',
      entityType: 'listItem',
      entityId: item.id,
      data: { blockGuid: item.blockId, title: item.title },
    });
  });
}
