import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchLinkTargets } from '../../domains/links/index.ts';
import { errorResponseSchema } from '../common-schemas.ts';
import { contextOf } from '../context.ts';
import { linkSearchQuerySchema, linkSearchResultsSchema } from './schema.ts';

export const linkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/links::search',
    {
      schema: {
        tags: ['links'],
        summary: 'Pages and list items to link to, by title (the link picker)',
        description:
          'Issue 26: pages and list items whose Dutch or English title contains `q` (case- and ' +
          'accent-insensitive), as far as the signed-in caller may see them, at most 20. Each has the ' +
          'value a link field stores (`page:<guid>`, `item:<guid>`), resolved to its current path when ' +
          'a page is rendered.',
        querystring: linkSearchQuerySchema,
        response: { 200: linkSearchResultsSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => searchLinkTargets(contextOf(request), { q: request.query.q }),
  );
};
