import { addDays, daysInRange, isoDayOf, parseIsoDay } from '../../../common/dates.ts';
import { pickLocale } from '../../../common/localized-text.ts';
import {
  STATISTICS_MAX_DAYS,
  STATISTICS_TOP_LIMIT,
  type StatisticsExportKind,
  type StatisticsListKind,
  type StatisticsListSortKey,
} from '../../../common/statistics.ts';
import { TABLE_ALL_LIMIT } from '../../../common/table.ts';
import { AppError, type ErrorDetail } from '../../errors.ts';
import { authorize } from '../../policies/index.ts';
import type { Ctx } from '../context.ts';
import { loadPagePaths } from '../lists/paths.ts';
import {
  loadDays,
  loadEntryPages,
  loadPageTitles,
  loadReferrers,
  loadSearchTerms,
  loadStatisticsList,
  loadTopPages,
  loadTotals,
  type Range,
  type Totals,
} from './queries.ts';
import { fillDays, toCsv } from './view.ts';

export type StatisticsInput = { from?: string | undefined; to?: string | undefined };

export type StatisticsReport = {
  from: string;
  to: string;
  previous: { from: string; to: string; totals: Totals } | null;
  totals: Totals;
  days: { day: string; views: number; visitors: number }[];
  topPages: { path: string; title: string | null; views: number }[];
  entryPages: { path: string; title: string | null; entries: number }[];
  referrers: { host: string; views: number }[];
  searchTerms: { term: string; searches: number; noResults: number }[];
  noResultTerms: { term: string; searches: number; noResults: number }[];
};

/** The default period: the last 30 days, today included (UTC). */
const DEFAULT_DAYS = 30;

/**
 * The period asked for: both ends real ISO days (the one rule in common/dates.ts), `from` not
 * after `to`, at most STATISTICS_MAX_DAYS long. Each problem is a 400 naming its field.
 */
export function resolveRange(input: StatisticsInput, today = isoDayOf(new Date())): Range {
  const details: ErrorDetail[] = [];
  const to = input.to === undefined ? today : parseIsoDay(input.to);
  if (to === null) details.push({ path: 'querystring/to', message: 'validation.isoDate' });
  const from = input.from === undefined ? addDays(to ?? today, -(DEFAULT_DAYS - 1)) : parseIsoDay(input.from);
  if (from === null) details.push({ path: 'querystring/from', message: 'validation.isoDate' });
  if (from !== null && to !== null) {
    const days = daysInRange(from, to);
    if (days < 1) details.push({ path: 'querystring/to', message: 'validation.dateOrder' });
    else if (days > STATISTICS_MAX_DAYS) {
      details.push({
        path: 'querystring/from',
        message: 'validation.dateSpan',
        params: { maximum: STATISTICS_MAX_DAYS },
      });
    }
  }
  if (details.length > 0 || from === null || to === null) {
    throw new AppError('validation_failed', 'invalid statistics period', details);
  }
  return { from, to };
}

/** The period of equal length just before `range`. */
export function previousRange(range: Range): Range {
  const length = daysInRange(range.from, range.to);
  return { from: addDays(range.from, -length), to: addDays(range.from, -1) };
}

/** Titles for the paths that are pages in the menu (or legal pages), in the actor's language. */
async function titlesFor(ctx: Ctx, paths: string[]): Promise<Map<string, string>> {
  const pagePaths = await loadPagePaths(ctx.db, ctx.locale);
  const wanted = new Set(paths);
  const idByPath = new Map<string, string>();
  for (const [id, path] of pagePaths) if (wanted.has(path) && !idByPath.has(path)) idByPath.set(path, id);
  const titles = await loadPageTitles(ctx.db, [...idByPath.values()]);
  const result = new Map<string, string>();
  for (const [path, id] of idByPath) {
    const title = titles.get(id);
    if (title) result.set(path, pickLocale(title, ctx.locale));
  }
  return result;
}

/** The statistics of a period for admins, with the previous period of equal length when asked. */
export async function getStatistics(
  ctx: Ctx,
  input: StatisticsInput & { compare?: boolean | undefined },
): Promise<StatisticsReport> {
  authorize(ctx.actor, 'statistics.view');
  const range = resolveRange(input);
  const previous = input.compare === false ? null : previousRange(range);
  const [totals, previousTotals, days, topPages, entryPages, referrers, searchTerms, noResultTerms] =
    await Promise.all([
      loadTotals(ctx.db, range),
      previous ? loadTotals(ctx.db, previous) : Promise.resolve(null),
      loadDays(ctx.db, range),
      loadTopPages(ctx.db, range, STATISTICS_TOP_LIMIT),
      loadEntryPages(ctx.db, range, STATISTICS_TOP_LIMIT),
      loadReferrers(ctx.db, range, STATISTICS_TOP_LIMIT),
      loadSearchTerms(ctx.db, range, STATISTICS_TOP_LIMIT, false),
      loadSearchTerms(ctx.db, range, STATISTICS_TOP_LIMIT, true),
    ]);
  const titles = await titlesFor(
    ctx,
    [...topPages, ...entryPages].map((row) => row.path),
  );
  return {
    from: range.from,
    to: range.to,
    previous: previous && previousTotals ? { ...previous, totals: previousTotals } : null,
    totals,
    days: fillDays(range.from, range.to, days),
    topPages: topPages.map((row) => ({ ...row, title: titles.get(row.path) ?? null })),
    entryPages: entryPages.map((row) => ({ ...row, title: titles.get(row.path) ?? null })),
    referrers,
    searchTerms,
    noResultTerms,
  };
}

/**
 * One page of a statistics list for the screen's tables (admins): pages and entry pages with the
 * page's title, referrer hosts, search terms and the ones that found nothing.
 */
export async function getStatisticsList(
  ctx: Ctx,
  kind: StatisticsListKind,
  input: StatisticsInput & {
    page: number;
    pageSize: number;
    sortBy: StatisticsListSortKey;
    sortDirection: 'asc' | 'desc';
    search?: string | undefined;
  },
) {
  authorize(ctx.actor, 'statistics.view');
  const range = resolveRange(input);
  const { rows, total } = await loadStatisticsList(ctx.db, kind, range, input);
  const hasPages = kind === 'pages' || kind === 'entries';
  const titles = hasPages
    ? await titlesFor(
        ctx,
        rows.map((row) => row.name),
      )
    : new Map<string, string>();
  return {
    items: rows.map((row) => ({ ...row, title: titles.get(row.name) ?? null })),
    total,
  };
}

/** One list of the statistics as a CSV document (every row, up to TABLE_ALL_LIMIT). */
export async function exportStatistics(
  ctx: Ctx,
  input: StatisticsInput & { kind: StatisticsExportKind },
): Promise<{ filename: string; csv: string }> {
  authorize(ctx.actor, 'statistics.view');
  const range = resolveRange(input);
  const filename = `statistics-${input.kind}-${range.from}-${range.to}.csv`;
  const limit = TABLE_ALL_LIMIT;
  switch (input.kind) {
    case 'views': {
      const days = fillDays(range.from, range.to, await loadDays(ctx.db, range));
      return {
        filename,
        csv: toCsv(
          ['day', 'views', 'visitors'],
          days.map((row) => [row.day, row.views, row.visitors]),
        ),
      };
    }
    case 'pages':
    case 'entries': {
      const rows =
        input.kind === 'pages'
          ? (await loadTopPages(ctx.db, range, limit)).map((row) => ({ path: row.path, count: row.views }))
          : (await loadEntryPages(ctx.db, range, limit)).map((row) => ({
              path: row.path,
              count: row.entries,
            }));
      const titles = await titlesFor(
        ctx,
        rows.map((row) => row.path),
      );
      return {
        filename,
        csv: toCsv(
          ['path', 'title', input.kind === 'pages' ? 'views' : 'entries'],
          rows.map((row) => [row.path, titles.get(row.path) ?? null, row.count]),
        ),
      };
    }
    case 'referrers': {
      const rows = await loadReferrers(ctx.db, range, limit);
      return {
        filename,
        csv: toCsv(
          ['host', 'views'],
          rows.map((row) => [row.host, row.views]),
        ),
      };
    }
    case 'searches':
    case 'no-results': {
      const rows = await loadSearchTerms(ctx.db, range, limit, input.kind === 'no-results');
      return {
        filename,
        csv: toCsv(
          ['term', 'searches', 'no_results'],
          rows.map((row) => [row.term, row.searches, row.noResults]),
        ),
      };
    }
  }
}
