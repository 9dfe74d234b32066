import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalidateVisitorCaches } from '../../domains/site/index.ts';
import { errorResponseSchema, errorResponses } from '../common-schemas.ts';
import { contextOf } from '../context.ts';

export const cacheRoutes: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/cache_invalidate',
    {
      schema: {
        tags: ['cache'],
        summary: 'Drop cached public responses (admins)',
        description:
          'SPEC 7. Any `index` drops every cached public view on every node: the views are kept per content version.',
        body: z.object({ index: z.string().trim().min(1).max(1000) }),
        response: { 204: z.null(), ...errorResponses, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await invalidateVisitorCaches(contextOf(request), request.body.index);
      return reply.status(204).send(null);
    },
  );
};
