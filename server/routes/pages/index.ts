import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Dependencies, EVERY_ANSWER, viewerClassOf } from '../../domains/cache.ts';
import {
  addPage,
  addTemplate,
  changeTemplate,
  copyPage,
  getPage,
  getPageByName,
  getTemplate,
  listAdminPages,
  listPageTemplates,
  listVisiblePages,
  pageDependents,
  removePage,
  removeTemplate,
  updatePage,
} from '../../domains/pages/index.ts';
import { matchesEtag } from '../../http/public-cache.ts';
import { errorResponseSchema, errorResponses } from '../common-schemas.ts';
import { contextOf } from '../context.ts';
import {
  adminPagesQuery,
  adminPagesResponse,
  listPagesQuery,
  newPageBody,
  newTemplateBody,
  pageDependentsSchema,
  pageIdParams,
  pageResponse,
  pageSchema,
  pageSettingsBody,
  pageWithNameQuery,
  templateSchema,
  templateUpdateBody,
} from './schema.ts';

/** What each page read's answer was built from, for the visitors' cache to keep it by (issue 29). */
const pageAnswerTags = new WeakMap<FastifyRequest, Dependencies>();

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
      config: { publicCache: true },
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
      config: {
        publicCache: true,
        cacheTags: (request) => [...(pageAnswerTags.get(request) ?? [EVERY_ANSWER])],
      },
      schema: {
        tags: ['pages'],
        summary: 'One page with its building block instances and list metadata',
        description:
          'The `cache-token` response header (also the `ETag`) changes whenever the page or anything it shows changes; `If-None-Match` with it answers 304 without a body.',
        params: pageIdParams,
        response: {
          200: pageResponse,
          304: z.null().describe('Not modified: the client holds this version'),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      // Shared by every actor with the same flags and roles while the content version holds.
      // It holds while later versions change nothing it names (its blocks, list items; issue 29).
      const version = await app.contentVersion.current();
      const key = `api:page|${viewerClassOf(request.actor)}|${request.locale}|${request.params.id}`;
      const made = await app.views.getTracked(version, key, async () => {
        const tags = new Set<string>();
        return { value: await getPage(contextOf(request), request.params.id, version, tags), tags };
      });
      pageAnswerTags.set(request, made.tags);
      const { body, cacheToken } = made.value;
      reply.header('cache-token', cacheToken).header('etag', `"${cacheToken}"`);
      // A client that holds this version (If-None-Match with the cache-token) gets no body again.
      if (matchesEtag(request.headers['if-none-match'], cacheToken)) return reply.status(304).send(null);
      return reply.send(body);
    },
  );

  app.get(
    '/api/pagetemplates/:id',
    {
      config: { publicCache: true },
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

  // Admin pages (issue 10): the admin table, create, duplicate, delete; header and footer templates.
  const adminErrors = { ...errorResponses, 401: errorResponseSchema, 403: errorResponseSchema };

  app.get(
    '/api/pages/admin',
    {
      schema: {
        tags: ['pages'],
        summary: 'All pages as the admin table shows them: server-paged, sortable, searchable (admins)',
        querystring: adminPagesQuery,
        response: { 200: adminPagesResponse, ...adminErrors },
      },
    },
    async (request) => listAdminPages(contextOf(request), request.query),
  );

  app.post(
    '/api/pages',
    {
      schema: {
        tags: ['pages'],
        summary: 'Create a page (admins); unpublished unless isPublished',
        body: newPageBody,
        response: { 201: pageSchema, ...adminErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await addPage(contextOf(request), request.body)),
  );

  app.post(
    '/api/pages/:id/duplicate',
    {
      schema: {
        tags: ['pages'],
        summary:
          'Copy a page with its blocks, titled "(kopie)"/"(copy)" and unpublished; list items are not copied (admins)',
        params: pageIdParams,
        response: { 201: pageSchema, ...adminErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await copyPage(contextOf(request), request.params.id)),
  );

  app.get(
    '/api/pages/:id/dependents',
    {
      schema: {
        tags: ['pages'],
        summary:
          'What deleting the page breaks: its menu items, its list blocks and their item counts (admins)',
        params: pageIdParams,
        response: { 200: pageDependentsSchema, ...adminErrors },
      },
    },
    async (request) => pageDependents(contextOf(request), request.params.id),
  );

  app.delete(
    '/api/pages/:id',
    {
      schema: {
        tags: ['pages'],
        summary:
          'Delete a page with its blocks and list items; its menu items go, their children move up (admins)',
        params: pageIdParams,
        response: { 204: z.null(), ...adminErrors },
      },
    },
    async (request, reply) => {
      await removePage(contextOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/pagetemplates',
    {
      schema: {
        tags: ['pages'],
        summary: 'Header and footer templates (admins)',
        response: { 200: z.array(templateSchema), ...adminErrors },
      },
    },
    async (request) => listPageTemplates(contextOf(request)),
  );

  app.post(
    '/api/pagetemplates',
    {
      schema: {
        tags: ['pages'],
        summary: 'Create a header or footer template; its blocks are edited in the block editor (admins)',
        body: newTemplateBody,
        response: { 201: templateSchema, ...adminErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await addTemplate(contextOf(request), request.body)),
  );

  app.put(
    '/api/pagetemplates/:id',
    {
      schema: {
        tags: ['pages'],
        summary: 'Rename a template or change its kind or layout (admins)',
        params: pageIdParams,
        body: templateUpdateBody,
        response: { 200: templateSchema, ...adminErrors },
      },
    },
    async (request) => changeTemplate(contextOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/pagetemplates/:id',
    {
      schema: {
        tags: ['pages'],
        summary:
          'Delete a template; refused (409, naming the pages) while pages or the site default use it (admins)',
        params: pageIdParams,
        response: { 204: z.null(), ...adminErrors, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await removeTemplate(contextOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
