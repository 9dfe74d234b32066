import { sql } from 'drizzle-orm';
import type { LocalizedText } from '../../../common/localized-text.ts';
import type { StatisticsListKind, StatisticsListSortKey } from '../../../common/statistics.ts';
import { type Executor, queryRows } from '../../db/client.ts';

export type Range = { from: string; to: string };

export type Totals = { views: number; visitors: number; signUps: number; itemsAdded: number };

/**
 * The four totals of a period, in one round trip. Sign-ups and items added come from the data
 * itself (accounts and list items created in the period, UTC days), not from the counters.
 */
export async function loadTotals(db: Executor, range: Range): Promise<Totals> {
  const rows = await queryRows<{ views: string; visitors: string; sign_ups: string; items_added: string }>(
    db,
    sql`
    SELECT
      (SELECT coalesce(sum(views), 0) FROM statistics_page_views
        WHERE day BETWEEN ${range.from}::date AND ${range.to}::date)::text AS views,
      (SELECT count(*) FROM statistics_visitors
        WHERE day BETWEEN ${range.from}::date AND ${range.to}::date)::text AS visitors,
      (SELECT count(*) FROM users
        WHERE created_at >= ${range.from}::date AT TIME ZONE 'UTC'
          AND created_at < (${range.to}::date + 1) AT TIME ZONE 'UTC')::text AS sign_ups,
      (SELECT count(*) FROM list_items
        WHERE created_at >= ${range.from}::date AT TIME ZONE 'UTC'
          AND created_at < (${range.to}::date + 1) AT TIME ZONE 'UTC')::text AS items_added`,
  );
  const row = rows[0];
  return {
    views: Number(row?.views ?? 0),
    visitors: Number(row?.visitors ?? 0),
    signUps: Number(row?.sign_ups ?? 0),
    itemsAdded: Number(row?.items_added ?? 0),
  };
}

/** Views and distinct visitors per day that has any (the presenter fills the other days). */
export async function loadDays(
  db: Executor,
  range: Range,
): Promise<{ day: string; views: number; visitors: number }[]> {
  const rows = await queryRows<{ day: string; views: string; visitors: string }>(
    db,
    sql`
    SELECT day::text AS day, sum(views)::text AS views, sum(visitors)::text AS visitors FROM (
      SELECT day, sum(views) AS views, 0 AS visitors FROM statistics_page_views
        WHERE day BETWEEN ${range.from}::date AND ${range.to}::date GROUP BY day
      UNION ALL
      SELECT day, 0, count(*) FROM statistics_visitors
        WHERE day BETWEEN ${range.from}::date AND ${range.to}::date GROUP BY day
    ) per_day GROUP BY day ORDER BY day`,
  );
  return rows.map((row) => ({ day: row.day, views: Number(row.views), visitors: Number(row.visitors) }));
}

/** Paths by views, most first. */
export async function loadTopPages(
  db: Executor,
  range: Range,
  limit: number,
): Promise<{ path: string; views: number }[]> {
  const rows = await queryRows<{ path: string; views: string }>(
    db,
    sql`
    SELECT path, sum(views)::text AS views FROM statistics_page_views
    WHERE day BETWEEN ${range.from}::date AND ${range.to}::date
    GROUP BY path ORDER BY sum(views) DESC, path LIMIT ${limit}`,
  );
  return rows.map((row) => ({ path: row.path, views: Number(row.views) }));
}

/** Paths by visits that began there, most first. */
export async function loadEntryPages(
  db: Executor,
  range: Range,
  limit: number,
): Promise<{ path: string; entries: number }[]> {
  const rows = await queryRows<{ path: string; entries: string }>(
    db,
    sql`
    SELECT path, sum(entries)::text AS entries FROM statistics_page_views
    WHERE day BETWEEN ${range.from}::date AND ${range.to}::date
    GROUP BY path HAVING sum(entries) > 0 ORDER BY sum(entries) DESC, path LIMIT ${limit}`,
  );
  return rows.map((row) => ({ path: row.path, entries: Number(row.entries) }));
}

/** Other sites visitors came from, most first. */
export async function loadReferrers(
  db: Executor,
  range: Range,
  limit: number,
): Promise<{ host: string; views: number }[]> {
  const rows = await queryRows<{ host: string; views: string }>(
    db,
    sql`
    SELECT host, sum(views)::text AS views FROM statistics_referrers
    WHERE day BETWEEN ${range.from}::date AND ${range.to}::date
    GROUP BY host ORDER BY sum(views) DESC, host LIMIT ${limit}`,
  );
  return rows.map((row) => ({ host: row.host, views: Number(row.views) }));
}

/** Search terms by how often they were searched; `onlyNoResults`: the searches that found nothing. */
export async function loadSearchTerms(
  db: Executor,
  range: Range,
  limit: number,
  onlyNoResults: boolean,
): Promise<{ term: string; searches: number; noResults: number }[]> {
  const rows = await queryRows<{ term: string; searches: string; no_results: string }>(
    db,
    onlyNoResults
      ? sql`
    SELECT term, sum(searches)::text AS searches, sum(no_results)::text AS no_results
    FROM statistics_searches WHERE day BETWEEN ${range.from}::date AND ${range.to}::date
    GROUP BY term HAVING sum(no_results) > 0 ORDER BY sum(no_results) DESC, term LIMIT ${limit}`
      : sql`
    SELECT term, sum(searches)::text AS searches, sum(no_results)::text AS no_results
    FROM statistics_searches WHERE day BETWEEN ${range.from}::date AND ${range.to}::date
    GROUP BY term ORDER BY sum(searches) DESC, term LIMIT ${limit}`,
  );
  return rows.map((row) => ({
    term: row.term,
    searches: Number(row.searches),
    noResults: Number(row.no_results),
  }));
}

/** Titles of pages by id (the path map gives the ids). */
export async function loadPageTitles(db: Executor, ids: string[]): Promise<Map<string, LocalizedText>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: string; title: LocalizedText }>(
    db,
    sql`SELECT id::text AS id, title FROM pages WHERE id = ANY(${`{${ids.join(',')}}`}::uuid[])`,
  );
  return new Map(rows.map((row) => [row.id, row.title]));
}

/** Where each list's rows come from: its table, its name column, what it counts, which rows count. */
const LISTS: Record<
  StatisticsListKind,
  { table: string; name: string; count: string; noResults: string; having: string }
> = {
  pages: {
    table: 'statistics_page_views',
    name: 'path',
    count: 'sum(views)',
    noResults: '0',
    having: 'true',
  },
  entries: {
    table: 'statistics_page_views',
    name: 'path',
    count: 'sum(entries)',
    noResults: '0',
    having: 'sum(entries) > 0',
  },
  referrers: {
    table: 'statistics_referrers',
    name: 'host',
    count: 'sum(views)',
    noResults: '0',
    having: 'true',
  },
  searches: {
    table: 'statistics_searches',
    name: 'term',
    count: 'sum(searches)',
    noResults: 'sum(no_results)',
    having: 'true',
  },
  'no-results': {
    table: 'statistics_searches',
    name: 'term',
    count: 'sum(searches)',
    noResults: 'sum(no_results)',
    having: 'sum(no_results) > 0',
  },
};

export type StatisticsListRow = { name: string; count: number; noResults: number };

/**
 * One page of a statistics list and how many rows it has in all. The SQL pieces come from LISTS
 * and the sort keys from a fixed set, never from the request; the search is a bound parameter.
 */
export async function loadStatisticsList(
  db: Executor,
  kind: StatisticsListKind,
  range: Range,
  query: {
    page: number;
    pageSize: number;
    sortBy: StatisticsListSortKey;
    sortDirection: 'asc' | 'desc';
    search?: string | undefined;
  },
): Promise<{ rows: StatisticsListRow[]; total: number }> {
  const list = LISTS[kind];
  const pattern = query.search ? `%${query.search.replace(/[\\%_]/g, (match) => `\\${match}`)}%` : null;
  const direction = query.sortDirection === 'asc' ? 'ASC' : 'DESC';
  const sortColumn = { name: 'name', count: 'count', noResults: 'no_results' }[query.sortBy];
  const grouped = sql`
    SELECT ${sql.raw(list.name)} AS name, ${sql.raw(list.count)} AS count, ${sql.raw(list.noResults)} AS no_results
    FROM ${sql.raw(list.table)}
    WHERE day BETWEEN ${range.from}::date AND ${range.to}::date
      ${pattern ? sql`AND ${sql.raw(list.name)} ILIKE ${pattern}` : sql``}
    GROUP BY ${sql.raw(list.name)} HAVING ${sql.raw(list.having)}`;
  const [rows, counted] = await Promise.all([
    queryRows<{ name: string; count: string; no_results: string }>(
      db,
      sql`SELECT list.name, list.count::text AS count, list.no_results::text AS no_results FROM (${grouped}) AS list
        ORDER BY list.${sql.raw(sortColumn)} ${sql.raw(direction)}, list.name ASC
        LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`,
    ),
    queryRows<{ total: string }>(db, sql`SELECT count(*)::text AS total FROM (${grouped}) AS list`),
  ]);
  return {
    rows: rows.map((row) => ({
      name: row.name,
      count: Number(row.count),
      noResults: Number(row.no_results),
    })),
    total: Number(counted[0]?.total ?? 0),
  };
}
