import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  copiesOfReusableBlock,
  createReusableBlock,
  listReusableBlocks,
  reusableBlockUses,
} from '../../domains/pages/reusable-blocks.ts';
import { errorResponseSchema, errorResponses } from '../common-schemas.ts';
import { contextOf } from '../context.ts';
import {
  newReusableBlockBody,
  reusableBlockParams,
  reusableBlockSchema,
  reusableBlockUsesSchema,
  reusableCopiesBody,
  reusableCopiesSchema,
} from './schema.ts';

const readResponses = { ...errorResponses, 401: errorResponseSchema, 403: errorResponseSchema };

/**
 * Reusable blocks (issue 31): templates of kind `block`. Renaming and deleting them (refused while
 * pages place them) are `PUT`/`DELETE /api/pagetemplates/{id}`; their blocks are edited, drafted and
 * published through the page-draft routes like any template's.
 */
export const reusableBlockRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/reusableblocks',
    {
      schema: {
        tags: ['reusable blocks'],
        summary: 'The reusable blocks by title, each with how many pages place it (admins, content managers)',
        response: { 200: z.array(reusableBlockSchema), ...readResponses },
      },
    },
    async (request) => listReusableBlocks(contextOf(request)),
  );

  app.post(
    '/api/reusableblocks',
    {
      schema: {
        tags: ['reusable blocks'],
        summary: 'Save a block of a page as a new reusable block, published (admins)',
        description:
          'The reusable block holds a copy of the block as the page’s draft has it. The page is not changed: put a `reusable` block naming the new one in its draft in place of the block.',
        body: newReusableBlockBody,
        response: { 201: reusableBlockSchema, ...readResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createReusableBlock(contextOf(request), request.body)),
  );

  app.get(
    '/api/reusableblocks/:id/uses',
    {
      schema: {
        tags: ['reusable blocks'],
        summary: 'Where a reusable block is placed: pages and templates, published or in a draft',
        params: reusableBlockParams,
        response: { 200: reusableBlockUsesSchema, ...readResponses },
      },
    },
    async (request) => reusableBlockUses(contextOf(request), request.params.id),
  );

  app.post(
    '/api/reusableblocks/:id/copies',
    {
      schema: {
        tags: ['reusable blocks'],
        summary: 'Copies of a reusable block’s published blocks, to detach one use in a page’s draft',
        description:
          'New guids, images recorded again. Nothing is saved: put the copies in the draft in place of the `reusable` block and save that.',
        params: reusableBlockParams,
        body: reusableCopiesBody,
        response: { 201: reusableCopiesSchema, ...readResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        blocks: await copiesOfReusableBlock(contextOf(request), request.params.id, request.body.page),
      }),
  );
};
