/**
 * Site statistics (issue 10): what the server, the API and the screen share.
 */

/** SPEC 9's conditional `analytics` cookie: a random visitor id, only with analytical consent. */
export const ANALYTICS_COOKIE = 'analytics';
/** SPEC 9: the analytics cookie lives 13 months. */
export const ANALYTICS_MAX_AGE_SECONDS = 60 * 60 * 24 * 396;

/** The longest period the statistics answer for (two years). */
export const STATISTICS_MAX_DAYS = 731;

/** The longest search term kept; longer ones are cut. */
export const SEARCH_TERM_MAX_LENGTH = 100;

/** How many rows each top list holds in the report. */
export const STATISTICS_TOP_LIMIT = 20;

/** What the CSV export can hold. */
export const STATISTICS_EXPORT_KINDS = [
  'views',
  'pages',
  'entries',
  'referrers',
  'searches',
  'no-results',
] as const;
export type StatisticsExportKind = (typeof STATISTICS_EXPORT_KINDS)[number];

/** The lists the statistics screen pages through (GET /api/statistics/lists/{kind}). */
export const STATISTICS_LIST_KINDS = ['pages', 'entries', 'referrers', 'searches', 'no-results'] as const;
export type StatisticsListKind = (typeof STATISTICS_LIST_KINDS)[number];
/** A list sorts by its name (path, host or term), its count, or (searches) the ones that found nothing. */
export const STATISTICS_LIST_SORT_KEYS = ['name', 'count', 'noResults'] as const;
export type StatisticsListSortKey = (typeof STATISTICS_LIST_SORT_KEYS)[number];

/**
 * A search term as it is counted: Unicode-normalised, lower case, inner white space collapsed,
 * control characters dropped, at most SEARCH_TERM_MAX_LENGTH characters; '' means "not counted".
 */
export function normalizeSearchTerm(value: string): string {
  const cleaned = value
    .normalize('NFKC')
    .replace(/\p{C}/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim()
    .toLocaleLowerCase('nl');
  return Array.from(cleaned).slice(0, SEARCH_TERM_MAX_LENGTH).join('').trim();
}

/**
 * A referrer as it is kept: the host of an http(s) URL only (lower case, no `www.`, no port, no
 * path, no query); null for anything else.
 */
export function referrerHost(value: string | undefined): string | null {
  if (!value || value.length > 2048) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const host = url.hostname
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^www\./, '');
  return host.length > 0 && host.length <= 253 ? host : null;
}

/** Percentage change from `previous` to `current`, rounded; null when there was nothing before. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 100);
}
