import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { buildingBlockInstances, pages } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { canViewPage } from '../../policies/index.ts';
import { presentBlock } from '../../services/pages.ts';
import { errorResponses, guidSchema } from '../common-schemas.ts';
import { blockInstanceSchema } from '../pages/schema.ts';

export const buildingBlockRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    '/api/buildingblockinstance/:guid',
    {
      schema: {
        tags: ['building blocks'],
        summary: 'One building block instance (visible when its page is)',
        params: z.object({ guid: guidSchema }),
        response: { 200: blockInstanceSchema, ...errorResponses },
      },
    },
    async (request) => {
      const [row] = await db
        .select({ block: buildingBlockInstances, page: pages })
        .from(buildingBlockInstances)
        .leftJoin(pages, eq(pages.id, buildingBlockInstances.pageId))
        .where(eq(buildingBlockInstances.id, request.params.guid))
        .limit(1);
      if (!row?.page || !canViewPage(request.actor, row.page)) throw notFound('building block instance');
      return presentBlock(row.block);
    },
  );
};
