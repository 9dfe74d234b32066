import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as dashboard from '../../domains/dashboard/index.ts';
import { errorResponseSchema, errorResponses } from '../common-schemas.ts';
import { contextOf } from '../context.ts';
import { dashboardSchema } from './schema.ts';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dashboard',
    {
      schema: {
        tags: ['dashboard'],
        summary:
          'Where I start (issue 26): my drafts, scheduled publishes, recently changed pages, forms with new submissions and lists I may add to, as the policies let me see them',
        response: {
          200: dashboardSchema,
          ...errorResponses,
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (request) => dashboard.getDashboard(contextOf(request)),
  );
};
