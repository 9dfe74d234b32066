import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../errors.ts';
import { can } from '../../policies/index.ts';
import { filterMenuForVisitor, loadMenuTree } from '../../services/menus.ts';
import { errorResponses } from '../common-schemas.ts';
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
    async (request) => {
      const tree = await loadMenuTree(app.database.db, request.query.name, request.locale);
      if (!tree) throw notFound('menu');
      return {
        guid: tree.guid,
        name: tree.name,
        menuItems: filterMenuForVisitor(tree.menuItems, can(request.actor, 'page.listUnpublished')),
      };
    },
  );
};
