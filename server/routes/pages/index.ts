import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSignedIn } from '../../auth.ts';
import { notFound } from '../../errors.ts';
import { authorize, canEditPage, canViewPage } from '../../policies/index.ts';
import { getListPage, toListContext } from '../../services/list-items.ts';
import {
  cacheToken,
  findPage,
  findVisiblePage,
  listVisiblePages,
  loadBlocks,
  presentPage,
  siteContentVersion,
  updatePageSettings,
} from '../../services/pages.ts';
import { errorResponseSchema, errorResponses } from '../common-schemas.ts';
import {
  listPagesQuery,
  pageIdParams,
  pageResponse,
  pageSchema,
  pageSettingsBody,
  pageWithNameQuery,
} from './schema.ts';

export const pageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

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
    async (request) => {
      const { IncludeBbis: includeBlocks = false, FilterBbisByBuildingBlocks: blockNames } = request.query;
      const rows = await listVisiblePages(db, request.actor);
      const blocks = includeBlocks
        ? await loadBlocks(
            db,
            rows.map((page) => page.id),
            blockNames,
          )
        : [];
      return rows.map((page) =>
        presentPage(
          page,
          request.actor,
          request.locale,
          includeBlocks ? blocks.filter((block) => block.pageId === page.id) : undefined,
        ),
      );
    },
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
    async (request) => {
      const page = await findVisiblePage(db, request.actor, { name: request.query.name });
      if (!page) throw notFound('page');
      return presentPage(page, request.actor, request.locale, await loadBlocks(db, [page.id]));
    },
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
      const page = await findVisiblePage(db, request.actor, { id: request.params.id });
      if (!page) throw notFound('page');
      const blocks = await loadBlocks(db, [page.id]);
      // SPEC 7: per list block, how many items it shows this caller under its stored settings.
      const totals = await Promise.all(
        blocks
          .filter((block) => block.buildingBlockName === 'list')
          .map(async (block) => {
            const list = await getListPage(db, {
              actor: request.actor,
              list: toListContext(block, page),
              query: { itemCount: 1 },
              locale: request.locale,
              pagePaths: new Map(),
            });
            return [block.id, { totalNumberOfItems: list.totalNumberOfItems }] as const;
          }),
      );
      const body = {
        page: presentPage(page, request.actor, request.locale, blocks),
        listMetadata: Object.fromEntries(totals),
      };
      reply.header('cache-token', cacheToken(body, await siteContentVersion(db)));
      return body;
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
    async (request) => {
      const template = await findVisiblePage(db, request.actor, { id: request.params.id }, 'template');
      if (!template) throw notFound('page template');
      return presentPage(template, request.actor, request.locale, await loadBlocks(db, [template.id]));
    },
  );

  app.put(
    '/api/pages/:id',
    {
      schema: {
        tags: ['pages'],
        summary:
          "Change a page's settings: title per language, published, layout, options (those who may edit it)",
        params: pageIdParams,
        body: pageSettingsBody,
        response: { 200: pageSchema, ...errorResponses, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => {
      const user = requireSignedIn(request);
      const page = await findPage(db, { id: request.params.id });
      // A page the actor may not even see is not found; one they see but may not edit is forbidden.
      if (!page || !canViewPage(request.actor, page)) throw notFound('page');
      authorize(canEditPage(request.actor, page));
      const saved = await updatePageSettings({
        db: app.database.db,
        page,
        actorId: user.id,
        update: request.body,
      });
      return presentPage(saved, request.actor, request.locale, await loadBlocks(db, [saved.id]));
    },
  );
};
