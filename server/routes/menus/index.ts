import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getMenuByName } from '../../domains/menus/index.ts';
import { errorResponses } from '../common-schemas.ts';
import { contextOf } from '../context.ts';
import { menuResponse, menuWithNameQuery } from './schema.ts';

export const menuRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/menus::withName',
    {
      schema: {
        tags: ['menus'],
        summary: 'A menu by name, items nested (e.g. "Top level menu")',
        querystring: menuWithNameQuery,
        response: { 200: menuResponse, ...errorResponses },
      },
    },
    async (request) => getMenuByName(contextOf(request), request.query.name),
  );
};
