import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  DEFAULT_PAGE_NUMBER,
  isListSortKey,
  type ListBlockOptions,
  type ListFilter,
  type ListSortKey,
  MAX_ITEMS_PER_PAGE,
  parseListFilter,
} from '../../../common/list-items.ts';
import type { Locale, LocalizedText } from '../../../common/localized-text.ts';
import type { Executor } from '../../db/client.ts';
import { listItemParents, listItems, listItemTypes } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { contentVersion, LatestCache } from '../cache.ts';
import type { ItemListRow } from './view.ts';

/**
 * The list query: paging, sort, filter, search within a list, expiry and visibility. Visibility
 * lives in SQL row filters (seesHidden comes from the policies), so a visitor's page of items and
 * its total never include what they may not see.
 */

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

export function orderBy(sortBy: ListSortKey, locale: Locale, drivingParent: boolean): SQL[] {
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

export const listColumns = {
  id: listItems.id,
  shortId: listItems.shortId,
  blockId: listItems.blockId,
  listItemTypeName: listItems.listItemTypeName,
  /** The type's labels (issue 10): lists show the label in the user's language, never the raw name. */
  listItemTypeLabel: sql<LocalizedText | null>`(SELECT ${listItemTypes.label} FROM ${listItemTypes} WHERE ${listItemTypes.name} = ${listItems.listItemTypeName})`,
  title: listItems.title,
  description: listItems.description,
  publishedOn: listItems.publishedOn,
  periodEnd: listItems.periodEnd,
  place: listItems.place,
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
const countCaches = new WeakMap<object, LatestCache<Promise<number>>>();

async function cachedCount(db: Executor, key: string, count: () => Promise<number>): Promise<number> {
  let cache = countCaches.get(db);
  if (!cache) {
    cache = new LatestCache<Promise<number>>(5000);
    countCaches.set(db, cache);
  }
  const version = `${await contentVersion(db)}|${Math.floor(Date.now() / 60_000)}`;
  const hit = cache.get(key, version);
  if (hit) return hit;
  const pending = count();
  cache.set(key, version, pending);
  pending.catch(() => cache.forget(key, version));
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
