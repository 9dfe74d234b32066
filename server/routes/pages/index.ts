import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  getPage,
  getPageByName,
  getTemplate,
  listVisiblePages,
  updatePage,
} from '../../domains/pages/index.ts';
import { errorResponseSchema, errorResponses } from '../common-schemas.ts';
import { contextOf } from '../context.ts';
import {
  listPagesQuery,
  pageIdParams,
  pageResponse,
  pageSchema,
  pageSettingsBody,
  pageWithNameQuery,
} from './schema.ts';

export const pageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/pages',
    {
      schema: {
        tags: ['pages'],
        summary: 'Pages the caller may see, optionally with their building block instances',
        querystring: listPagesQuery,
        response: { 200: z.array(pageSchema), 400: errorResponses[400] },
      },
    },
    async (request) =>
      listVisiblePages(contextOf(request), {
        includeBlocks: request.query.IncludeBbis ?? false,
        blockNames: request.query.FilterBbisByBuildingBlocks,
      }),
  );

  app.get(
    '/api/pages::withName',
    {
      schema: {
        tags: ['pages'],
        summary: 'A page by its unique name, with its building block instances',
        querystring: pageWithNameQuery,
        response: { 200: pageSchema, ...errorResponses },
      },
    },
    async (request) => getPageByName(contextOf(request), request.query.name),
  );

  app.get(
    '/api/pages/:id',
    {
      schema: {
        tags: ['pages'],
        summary: 'One page with its building block instances and list metadata',
        description:
          'The `cache-token` response header changes whenever the page or anything it shows changes.',
        params: pageIdParams,
        response: { 200: pageResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { body, cacheToken } = await getPage(contextOf(request), request.params.id);
      return reply.header('cache-token', cacheToken).send(body);
    },
  );

  app.get(
    '/api/pagetemplates/:id',
    {
      schema: {
        tags: ['pages'],
        summary: 'A page template (header or footer) with its building block instances',
        params: pageIdParams,
        response: { 200: pageSchema, ...errorResponses },
      },
    },
    async (request) => getTemplate(contextOf(request), request.params.id),
  );

  app.put(
    '/api/pages/:id',
    {
      schema: {
        tags: ['pages'],
        summary:
          "Change a page's settings: title per language, published, layout, options (those who may edit it)",
        description:
          'A layout without a side column hides the blocks in it: `moveHiddenBlocksTo` moves them to the end of ' +
          'another position in the same change; without it they stay in the data.',
        params: pageIdParams,
        body: pageSettingsBody,
        response: { 200: pageSchema, ...errorResponses, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => updatePage(contextOf(request), request.params.id, request.body),
  );
};
