import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EVERY_ANSWER } from '../../domains/cache.ts';
import { search } from '../../domains/search/index.ts';
import { errorResponseSchema } from '../common-schemas.ts';
import { contextOf } from '../context.ts';
import { searchQuerySchema, searchResultsSchema } from './schema.ts';

/** What each answer was built from (cache tags, issue 29), for the visitors' cache. */
const searchAnswerTags = new WeakMap<FastifyRequest, ReadonlySet<string>>();

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/search',
    {
      config: {
        publicCache: true,
        cacheTags: (request) => [...(searchAnswerTags.get(request) ?? [EVERY_ANSWER])],
      },
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
    async (request) => {
      const tags = new Set<string>();
      const results = await search(
        contextOf(request),
        { q: request.query.q, page: request.query.page, type: request.query.type },
        tags,
      );
      searchAnswerTags.set(request, tags);
      return results;
    },
  );
};
