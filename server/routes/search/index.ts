import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { search } from '../../domains/search/index.ts';
import { errorResponseSchema } from '../common-schemas.ts';
import { contextOf } from '../context.ts';
import { searchQuerySchema, searchResultsSchema } from './schema.ts';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/search',
    {
      config: { publicCache: true },
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
      search(contextOf(request), { q: request.query.q, page: request.query.page, type: request.query.type }),
  );
};
