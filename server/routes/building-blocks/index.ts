import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSignedIn } from '../../auth.ts';
import { buildingBlockInstances, pages } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import { type Actor, authorize, can } from '../../policies/index.ts';
import {
  addBlock,
  deleteBlock,
  findBlockWithPage,
  findPageOrTemplate,
  listBlocksOfType,
  reorderBlocks,
  setBlockPermissions,
  updateBlock,
} from '../../services/blocks.ts';
import { type PageRow, presentBlock } from '../../services/pages.ts';
import { errorResponseSchema, errorResponses, guidSchema } from '../common-schemas.ts';
import { blockInstanceSchema, pageIdParams } from '../pages/schema.ts';
import {
  blockGuidParams,
  blockOptionsBody,
  blockPermissionsBody,
  blockSummarySchema,
  createBlockBody,
  listBlocksQuery,
  reorderBlocksBody,
  updateBlockBody,
} from './schema.ts';

const writeResponses = {
  ...errorResponses,
  401: errorResponseSchema,
  403: errorResponseSchema,
};

export const buildingBlockRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  /**
   * The page (or template) a write goes to: unknown or not visible to the actor is a 404, visible
   * but not theirs to edit a 403.
   */
  function requireEditable(actor: Actor, page: PageRow | undefined): PageRow {
    if (!page || !can(actor, 'page.view', page)) throw notFound('page');
    authorize(actor, 'block.edit', page);
    return page;
  }

  async function editableBlock(request: { actor: Actor }, guid: string) {
    const found = await findBlockWithPage(db, guid);
    if (!found || !can(request.actor, 'page.view', found.page)) throw notFound('building block instance');
    authorize(request.actor, 'block.edit', found.page);
    return found;
  }

  app.get(
    '/api/buildingblockinstance',
    {
      schema: {
        tags: ['building blocks'],
        summary: 'Blocks of one type on the pages the caller may see (e.g. list blocks, for a widget)',
        querystring: listBlocksQuery,
        response: { 200: z.array(blockSummarySchema), 400: errorResponses[400] },
      },
    },
    async (request) => listBlocksOfType(db, request.actor, request.query.buildingBlockName, request.locale),
  );

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
      if (!row?.page || !can(request.actor, 'page.view', row.page)) throw notFound('building block instance');
      return presentBlock(row.block);
    },
  );

  app.post(
    '/api/pages/:id/buildingblockinstances',
    {
      schema: {
        tags: ['building blocks'],
        summary: 'Add a building block to a page or template (those who may edit it; templates: admins)',
        params: pageIdParams,
        body: createBlockBody,
        response: { 201: blockInstanceSchema, ...writeResponses },
      },
    },
    async (request, reply) => {
      const user = requireSignedIn(request);
      const page = requireEditable(request.actor, await findPageOrTemplate(db, request.params.id));
      const block = await addBlock({ db, actorId: user.id, page, block: request.body });
      return reply.status(201).send(presentBlock(block));
    },
  );

  app.post(
    '/api/pages/:id/buildingblockinstances::reorder',
    {
      schema: {
        tags: ['building blocks'],
        summary: 'Put blocks of a page in this order at a layout position (sortId 10, 20, …)',
        description: 'Blocks already at the position that the list leaves out follow after the listed ones.',
        params: pageIdParams,
        body: reorderBlocksBody,
        response: { 200: z.array(blockInstanceSchema), ...writeResponses },
      },
    },
    async (request) => {
      const user = requireSignedIn(request);
      const page = requireEditable(request.actor, await findPageOrTemplate(db, request.params.id));
      const rows = await reorderBlocks({ db, actorId: user.id, page, ...request.body });
      return rows.map(presentBlock);
    },
  );

  app.put(
    '/api/buildingblockinstance/:guid',
    {
      schema: {
        tags: ['building blocks'],
        summary: "Change a block's content, options or place",
        params: blockGuidParams,
        body: updateBlockBody,
        response: { 200: blockInstanceSchema, ...writeResponses },
      },
    },
    async (request) => {
      const user = requireSignedIn(request);
      const { block } = await editableBlock(request, request.params.guid);
      return presentBlock(await updateBlock({ db, actorId: user.id, block, update: request.body }));
    },
  );

  app.delete(
    '/api/buildingblockinstance/:guid',
    {
      schema: {
        tags: ['building blocks'],
        summary: 'Remove a block from its page',
        params: blockGuidParams,
        response: { 204: z.null().describe('Removed'), ...writeResponses },
      },
    },
    async (request, reply) => {
      const user = requireSignedIn(request);
      const { block } = await editableBlock(request, request.params.guid);
      await deleteBlock({ db, actorId: user.id, block });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/buildingblockinstance/:guid/options',
    {
      schema: {
        tags: ['building blocks'],
        summary: "Merge options into a block's options (checked against its type)",
        params: blockGuidParams,
        body: blockOptionsBody,
        response: { 200: blockInstanceSchema, ...writeResponses },
      },
    },
    async (request) => {
      const user = requireSignedIn(request);
      const { block } = await editableBlock(request, request.params.guid);
      return presentBlock(
        await updateBlock({
          db,
          actorId: user.id,
          block,
          update: { options: request.body },
          mergeOptions: true,
        }),
      );
    },
  );

  app.post(
    '/api/buildingblockinstance/:guid/permissions',
    {
      schema: {
        tags: ['building blocks'],
        summary: 'Who may add items to a list block: admins (and page editors), also roles, or any user',
        description: "Stored in the block's options under `permissions`.",
        params: blockGuidParams,
        body: blockPermissionsBody,
        response: { 200: blockInstanceSchema, ...writeResponses },
      },
    },
    async (request) => {
      const user = requireSignedIn(request);
      const { block } = await editableBlock(request, request.params.guid);
      if (block.buildingBlockName !== 'list' && block.buildingBlockName !== 'widget') {
        throw new AppError('validation_failed', 'only list and widget blocks take items', [
          { path: 'guid', message: 'must be a list or widget block' },
        ]);
      }
      const permissions = {
        addPermission: request.body.addPermission,
        // Roles only mean something in roles mode; keeping stale ones would surprise a later switch.
        addRoles: request.body.addPermission === 'roles' ? [...new Set(request.body.addRoles)] : [],
      };
      return presentBlock(await setBlockPermissions({ db, actorId: user.id, block, permissions }));
    },
  );
};
