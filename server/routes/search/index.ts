import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loadPagePaths } from '../../services/list-items.ts';
import { searchSite } from '../../services/search.ts';
import { errorResponseSchema } from '../common-schemas.ts';

export const searchQuerySchema = z.object({
  q: z.string().max(500).default(''),
  page: z.coerce.number().int().min(1).max(1000).optional(),
  /** An item type's name, or `page` for pages only. */
  type: z
    .string()
    .regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'must be an item type name or page')
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

export const searchResultsSchema = z
  .object({
    q: z.string(),
    hits: z.array(
      z.object({
        kind: z.enum(['page', 'item']),
        guid: z.string(),
        title: z.string(),
        url: z.string(),
        snippetHtml: z.string().describe('HTML-escaped text; matches wrapped in <mark>…</mark>'),
        listItemTypeName: z.string().nullable(),
        publishedOn: z.string().nullable(),
        rank: z.number(),
      }),
    ),
    pageNumber: z.number().int(),
    itemCount: z.number().int(),
    totalNumberOfItems: z.number().int(),
    types: z.array(z.object({ name: z.string(), count: z.number().int() })),
    isFuzzy: z.boolean(),
  })
  .meta({ id: 'SearchResults' });

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  app.get(
    '/api/search',
    {
      schema: {
        tags: ['search'],
        summary: 'Ranked full-text search over the pages and items the caller may see',
        description:
          'Dutch and English stemming, accent-insensitive, every word must match; when nothing matches, ' +
          'titles are matched by trigram similarity (isFuzzy). 10 hits per page; at most 1000 matches are ' +
          'ranked. `type` limits the hits to one item type (`page`: pages only).',
        querystring: searchQuerySchema,
        response: { 200: searchResultsSchema, 400: errorResponseSchema },
      },
    },
    async (request) =>
      searchSite(db, {
        actor: request.actor,
        q: request.query.q,
        locale: request.locale,
        page: request.query.page,
        type: request.query.type,
        pagePaths: await loadPagePaths(db, request.locale),
      }),
  );
};
