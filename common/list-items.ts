import { isGuid } from './guid.ts';
import type { Locale, LocalizedText } from './localized-text.ts';
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

export type { ListBlockOptions, ListItemInput } from './list-item-schemas.ts';

/**
 * Where an item takes place (issue 30): a place's name per language ("Dorpshuis De Linde") and an
 * address line ("Dorpsstraat 1, 1234 AB Ons Dorp"), either of them may be empty but not both. Shown
 * with an event's time and announced as the `Event`'s `location` (schema.org `Place`).
 */
export type ItemPlace = { name: LocalizedText; address: string };

/** A place on one line, as lists and item pages show it: "Dorpshuis De Linde, Dorpsstraat 1". */
export function placeLine(place: { name: string; address: string }): string {
  return [place.name, place.address].filter((part) => part.trim() !== '').join(', ');
}

/** One item as lists, widgets and the item API return it (in one language). */
export type ListItemView = {
  guid: string;
  shortId: string;
  title: string;
  /** `nl` when the title is the Dutch fallback of a missing English one. */
  titleLang?: Locale;
  listItemTypeName: string;
  /** The type's label in the reader's language (never the raw name). */
  listItemTypeLabel: string;
  parentGuids: string[];
  description: string;
  /** `nl` when the description is the Dutch fallback of a missing English one. */
  descriptionLang?: Locale;
  /** ISO date-time. */
  publishedOn: string;
  periodEnd: string | null;
  /** Where it takes place, in the reader's language; null when the item names no place. */
  place: { name: string; address: string } | null;
  highlight: boolean;
  isExpired: boolean;
  /** Media guid of the item's image, if any. */
  imageGuid: string | null;
  /** The block the item belongs to. */
  blockGuid: string;
  /** Canonical item page URL (`{path}/i/{shortId}/{slug}`), or null when its list is on no page. */
  url: string | null;
  /** For those who may edit the list's page; absent for visitors. */
  abilities?: ListItemAbilities;
  /** For those who may edit: why visitors do not see the item (yet); absent when they do. */
  visibility?: 'unpublished' | 'scheduled';
};

/** A page of a list, as `/api/listitem/list/{blockGuid}` and the server-rendered list block return it. */
export type ListPage = {
  items: ListItemView[];
  pageNumber: number;
  itemCount: number;
  totalNumberOfItems: number;
  sortBy: ListSortKey;
  /** What the actor may do with the list (addItem) and whether they may edit its items. */
  abilities?: { addItem: boolean; editItems: boolean };
};

/**
 * The filter language of lists (`filter` parameter, the block's stored `filter` option and the
 * `{block}_filter` URL key): comma separated terms, all of which must hold; several terms with the
 * same key mean "any of these".
 *
 *   type:<item type name>      items of this type (e.g. `type:nieuws`)
 *   parent:<guid>              items under this parent (a category item or an item of another list)
 *   highlight:true             highlighted items only
 *   expired:true               include expired items (period ended, or older than itemsRecentForDays)
 *
 * e.g. `type:nieuws,type:evenement,parent:3f2a9c1e-…`. Anything else is refused (400 invalid_filter).
 */
export type ListFilter = {
  types: string[];
  parentGuids: string[];
  highlightOnly: boolean;
  showExpired: boolean;
};

/** What an item type's name looks like (isItemTypeName). */
export const ITEM_TYPE_NAME_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;

/**
 * What visitors read for an item type, given the catalogues' names of item types
 * (`lists.itemTypes`), the reader's language first and then Dutch: the first name found ("nieuws" →
 * "Nieuws", "News"), else the type's name made readable ("open_dag" → "Open dag"). Never the raw name.
 */
export function itemTypeLabelFrom(type: string, catalogues: readonly Record<string, string>[]): string {
  for (const labels of catalogues) {
    if (Object.hasOwn(labels, type)) return labels[type] ?? type;
  }
  const words = type.replace(/[-_]+/g, ' ').replace(/\s+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Item types whose items are events: their date is when the event takes place. */
export const EVENT_ITEM_TYPES: readonly string[] = ['evenement', 'event'];

/**
 * The date a visitor sees with an item: for an event the day it takes place (the end of its period,
 * which is when it drops out of the agenda), for anything else its publication date.
 */
export function itemDisplayDate(item: Pick<ListItemView, 'listItemTypeName' | 'publishedOn' | 'periodEnd'>): {
  kind: 'event' | 'published';
  date: string;
} {
  if (EVENT_ITEM_TYPES.includes(item.listItemTypeName) && item.periodEnd) {
    return { kind: 'event', date: item.periodEnd };
  }
  return { kind: 'published', date: item.publishedOn };
}

/** An item type's name: lower-case a-z 0-9 _ -, at most 64 characters. */
export function isItemTypeName(value: string): boolean {
  return ITEM_TYPE_NAME_PATTERN.test(value);
}

/** Parses a filter string; null when it is not valid. An empty string is the empty filter. */
export function parseListFilter(value: string | undefined | null): ListFilter | null {
  const filter: ListFilter = { types: [], parentGuids: [], highlightOnly: false, showExpired: false };
  if (!value?.trim()) return filter;
  if (value.length > 2000) return null;
  const terms = value
    .split(',')
    .map((term) => term.trim())
    .filter(Boolean);
  if (terms.length > 50) return null;
  for (const term of terms) {
    const colon = term.indexOf(':');
    if (colon < 1) return null;
    const key = term.slice(0, colon).trim();
    const argument = term.slice(colon + 1).trim();
    if (key === 'type' && isItemTypeName(argument)) filter.types.push(argument);
    else if (key === 'parent' && isGuid(argument)) filter.parentGuids.push(argument.toLowerCase());
    else if (key === 'highlight' && (argument === 'true' || argument === 'false'))
      filter.highlightOnly ||= argument === 'true';
    else if (key === 'expired' && (argument === 'true' || argument === 'false'))
      filter.showExpired ||= argument === 'true';
    else return null;
  }
  return filter;
}

/** Writes a filter back in the filter language (the browser builds `{block}_filter` with it). */
export function formatListFilter(filter: Partial<ListFilter>): string {
  return [
    ...(filter.types ?? []).map((type) => `type:${type}`),
    ...(filter.parentGuids ?? []).map((guid) => `parent:${guid}`),
    ...(filter.highlightOnly ? ['highlight:true'] : []),
    ...(filter.showExpired ? ['expired:true'] : []),
  ].join(',');
}

/** What those who may edit an item can do with it; null in views for visitors. */
export type ListItemAbilities = { update: boolean; delete: boolean };
