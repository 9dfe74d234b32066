import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createBlock,
  deleteBlock,
  getBlock,
  listBlocksOfType,
  mergeBlockOptions,
  reorderBlocks,
  setBlockPermissions,
  updateBlock,
} from '../../domains/blocks/index.ts';
import { errorResponseSchema, errorResponses, guidSchema } from '../common-schemas.ts';
import { contextOf } from '../context.ts';
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
    async (request) => listBlocksOfType(contextOf(request), request.query.buildingBlockName),
  );

  app.get(
    '/api/buildingblockinstance/:guid',
    {
      config: { publicCache: true },
      schema: {
        tags: ['building blocks'],
        summary: 'One building block instance (visible when its page is)',
        params: z.object({ guid: guidSchema }),
        response: { 200: blockInstanceSchema, ...errorResponses },
      },
    },
    async (request) => getBlock(contextOf(request), request.params.guid),
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
    async (request, reply) =>
      reply.status(201).send(await createBlock(contextOf(request), request.params.id, request.body)),
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
    async (request) => reorderBlocks(contextOf(request), request.params.id, request.body),
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
    async (request) => updateBlock(contextOf(request), request.params.guid, request.body),
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
      await deleteBlock(contextOf(request), request.params.guid);
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
    async (request) => mergeBlockOptions(contextOf(request), request.params.guid, request.body),
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
    async (request) => setBlockPermissions(contextOf(request), request.params.guid, request.body),
  );
};
