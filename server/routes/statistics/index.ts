import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  STATISTICS_EXPORT_KINDS,
  STATISTICS_LIST_KINDS,
  STATISTICS_LIST_SORT_KEYS,
} from '../../../common/statistics.ts';
import * as statistics from '../../domains/statistics/index.ts';
import {
  errorResponseSchema,
  errorResponses,
  pagedSchema,
  queryBoolean,
  tableQuerySchema,
} from '../common-schemas.ts';
import { contextOf } from '../context.ts';

/** The dates are checked by the one ISO day rule in the use-case (common/dates.ts), field by field. */
const dayParameter = z.string().max(64).optional();
const periodQuery = {
  from: dayParameter.describe('First day of the period (YYYY-MM-DD, UTC); default 29 days before `to`'),
  to: dayParameter.describe('Last day of the period (YYYY-MM-DD, UTC); default today'),
};

const totalsSchema = z
  .object({ views: z.number(), visitors: z.number(), signUps: z.number(), itemsAdded: z.number() })
  .meta({ id: 'StatisticsTotals' });
const termSchema = z.object({ term: z.string(), searches: z.number(), noResults: z.number() });

const reportSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    totals: totalsSchema,
    previous: z.object({ from: z.string(), to: z.string(), totals: totalsSchema }).nullable(),
    days: z.array(z.object({ day: z.string(), views: z.number(), visitors: z.number() })),
    topPages: z.array(z.object({ path: z.string(), title: z.string().nullable(), views: z.number() })),
    entryPages: z.array(z.object({ path: z.string(), title: z.string().nullable(), entries: z.number() })),
    referrers: z.array(z.object({ host: z.string(), views: z.number() })),
    searchTerms: z.array(termSchema),
    noResultTerms: z.array(termSchema),
  })
  .meta({ id: 'StatisticsReport' });

const listRowSchema = z
  .object({
    /** The path, host or search term. */
    name: z.string(),
    /** The page's title (pages and entry pages whose path is in the menu), else null. */
    title: z.string().nullable(),
    /** Views (pages, referrers), entries (entry pages) or searches (search terms). */
    count: z.number(),
    /** Searches that found nothing (search lists; 0 elsewhere). */
    noResults: z.number(),
  })
  .meta({ id: 'StatisticsListRow' });

const listQuery = tableQuerySchema(STATISTICS_LIST_SORT_KEYS, 'count').extend({
  ...periodQuery,
  // Most first unless asked otherwise.
  sortDirection: z.enum(['asc', 'desc']).default('desc'),
});

const adminErrors = { ...errorResponses, 401: errorResponseSchema, 403: errorResponseSchema };

/** Site statistics the server collects itself (issue 10), for admins. */
export const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/statistics',
    {
      schema: {
        tags: ['statistics'],
        summary: 'Site statistics of a period, with the previous period of equal length (admins)',
        description:
          'Totals (page views, daily unique visitors with analytical consent, sign-ups, items added), views per ' +
          'day (every day of the period), top pages, entry pages, referrer hosts, search terms and the ones that ' +
          'found nothing. Periods of at most 731 days. Counts reach the database in batches every few seconds.',
        querystring: z.object({ ...periodQuery, compare: queryBoolean.optional() }),
        response: { 200: reportSchema, ...adminErrors },
      },
    },
    async (request) => statistics.getStatistics(contextOf(request), request.query),
  );

  app.get(
    '/api/statistics/lists/:kind',
    {
      schema: {
        tags: ['statistics'],
        summary: 'One page of a statistics list (admins): pages, entries, referrers, searches, no-results',
        description:
          'Server-paged like every admin table: `page`, `pageSize` (10, 25, 50, 100 or `all`), `sortBy` ' +
          '(name, count, noResults), `sortDirection` (default desc) and `search` (part of the path, host or ' +
          'term), over the period `from`–`to`.',
        params: z.object({ kind: z.enum(STATISTICS_LIST_KINDS) }),
        querystring: listQuery,
        response: { 200: pagedSchema(listRowSchema), ...adminErrors },
      },
    },
    async (request) => statistics.getStatisticsList(contextOf(request), request.params.kind, request.query),
  );

  app.get(
    '/api/statistics/export',
    {
      schema: {
        tags: ['statistics'],
        summary: 'One list of the statistics as CSV (admins)',
        description:
          '`kind`: views (per day), pages, entries, referrers, searches, no-results. UTF-8 with BOM, CRLF, ' +
          'RFC 4180 quoting; text cells starting with = + - @ get a leading apostrophe.',
        querystring: z.object({ ...periodQuery, kind: z.enum(STATISTICS_EXPORT_KINDS) }),
        produces: ['text/csv'],
        response: {
          200: z.string().describe('CSV document'),
          ...adminErrors,
        },
      },
    },
    async (request, reply) => {
      const { filename, csv } = await statistics.exportStatistics(contextOf(request), request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};
