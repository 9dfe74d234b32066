import { z } from 'zod';
import { slugify } from './urls.ts';

/**
 * Lists of items (SPEC 2, 3, 7, 9): the rules and shapes both the server (list queries, item pages,
 * search) and the browser (list blocks, URL state, item editor) use.
 */

/** SPEC 9: default list page 1, default sort publishedOn_desc. */
export const DEFAULT_PAGE_NUMBER = 1;
export const DEFAULT_SORT_BY = 'publishedOn_desc';
export const DEFAULT_ITEMS_PER_PAGE = 10;
export const MAX_ITEMS_PER_PAGE = 100;

/** Sort keys a list accepts (`sort_by`); anything else is a 400 (invalid_sort). */
export const LIST_SORT_KEYS = [
  'publishedOn_desc',
  'publishedOn_asc',
  'title_asc',
  'title_desc',
  'periodEnd_asc',
  'periodEnd_desc',
  /** The editors' manual order (only meaningful when the block's sortOrder is manual). */
  'manual',
] as const;
export type ListSortKey = (typeof LIST_SORT_KEYS)[number];

export function isListSortKey(value: unknown): value is ListSortKey {
  return typeof value === 'string' && (LIST_SORT_KEYS as readonly string[]).includes(value);
}

/** Ids under 32 characters are short ids (SPEC 7); longer ones are guids. */
export const SHORT_ID_MAX_LENGTH = 31;

export function isShortId(id: string): boolean {
  return id.length < 32;
}

/** SPEC 2: `{path}/i/{shortId or guid}/{slug}`; the slug rule is `slugify` (lower-case a-z 0-9 _ -). */
export function itemUrl(pagePath: string, id: string, title: string): string {
  const base = pagePath === '/' ? '' : pagePath.replace(/\/$/, '');
  const slug = slugify(title);
  return `${base}/i/${encodeURIComponent(id)}${slug ? `/${slug}` : ''}`;
}

/**
 * A list's visitor state lives in the URL, namespaced per block so that several lists on one page
 * keep their own state: `?{key}` for the first 8 characters of the block guid and the key, e.g.
 * `?3f2a9c1e_page=2&3f2a9c1e_sort=title_asc`.
 */
export const LIST_URL_KEYS = ['page', 'sort', 'filter', 'q'] as const;
export type ListUrlKey = (typeof LIST_URL_KEYS)[number];

export function listParamName(blockGuid: string, key: ListUrlKey): string {
  return `${blockGuid.slice(0, 8)}_${key}`;
}

/** The visitor's state of one list, read from the page URL's query (unknown or bad values are dropped). */
export type ListUrlState = { page?: number; sort?: ListSortKey; filter?: string; q?: string };

export function readListUrlState(query: URLSearchParams, blockGuid: string): ListUrlState {
  const state: ListUrlState = {};
  const page = Number(query.get(listParamName(blockGuid, 'page')));
  if (Number.isInteger(page) && page >= 1 && page <= 1_000_000) state.page = page;
  const sort = query.get(listParamName(blockGuid, 'sort'));
  if (isListSortKey(sort)) state.sort = sort;
  const filter = query.get(listParamName(blockGuid, 'filter'));
  if (filter) state.filter = filter.slice(0, 200);
  const q = query.get(listParamName(blockGuid, 'q'));
  if (q?.trim()) state.q = q.trim().slice(0, 200);
  return state;
}

/** Options of list and widget blocks (SPEC 3). */
export const listBlockOptionsSchema = z.object({
  /** automatic: items follow the sort key; manual: editors order them by hand. */
  sortOrder: z.enum(['automatic', 'manual']).default('automatic'),
  /** Sort of the items listed under a parent item (on the parent's item page). */
  nestedSortOrder: z.enum(LIST_SORT_KEYS).default('publishedOn_desc'),
  defaultItemsPerPage: z.number().int().min(1).max(MAX_ITEMS_PER_PAGE).default(DEFAULT_ITEMS_PER_PAGE),
  defaultSortBy: z.enum(LIST_SORT_KEYS).default(DEFAULT_SORT_BY),
  defaultParentGuids: z.array(z.uuid()).max(50).default([]),
  showExpiredItemsByDefault: z.boolean().default(false),
  /** Without its own period end, an item counts as expired this many days after publishedOn. */
  itemsRecentForDays: z.number().int().min(1).max(36500).nullable().default(null),
  lazyLoad: z.boolean().default(false),
  /** Only items whose period has not ended (items with a period end in the future). */
  hasActiveItems: z.boolean().default(false),
  /** A stored filter, in the same language as the `filter` parameter. */
  filter: z.string().max(200).default(''),
  highlightOnly: z.boolean().default(false),
});
export type ListBlockOptions = z.infer<typeof listBlockOptionsSchema>;

/** One item as lists, widgets and the item API return it (in one language). */
export type ListItemView = {
  guid: string;
  shortId: string;
  title: string;
  listItemTypeName: string;
  parentGuids: string[];
  description: string;
  /** ISO date-time. */
  publishedOn: string;
  periodEnd: string | null;
  highlight: boolean;
  isExpired: boolean;
  /** Media guid of the item's image, if any. */
  imageGuid: string | null;
  /** The block the item belongs to. */
  blockGuid: string;
  /** Canonical item page URL (`{path}/i/{shortId}/{slug}`), or null when its list is on no page. */
  url: string | null;
};

/** A page of a list, as `/api/listitem/list/{blockGuid}` and the server-rendered list block return it. */
export type ListPage = {
  items: ListItemView[];
  pageNumber: number;
  itemCount: number;
  totalNumberOfItems: number;
  sortBy: ListSortKey;
};
