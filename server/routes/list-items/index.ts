import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listItemInputSchema } from '../../../common/list-item-schemas.ts';
import * as lists from '../../domains/lists/index.ts';
import { errorResponseSchema, errorResponses } from '../common-schemas.ts';
import { contextOf } from '../context.ts';
import {
  blockGuidParams,
  itemGuidParams,
  itemTypeSchema,
  listBodySchema,
  listItemDetailSchema,
  listPageSchema,
  listQuerySchema,
  listsBodySchema,
  listsResponseSchema,
  metaResponseSchema,
  reorderBodySchema,
  reorderResponseSchema,
  shortIdParams,
} from './schema.ts';

const writeErrors = {
  ...errorResponses,
  401: errorResponseSchema,
  403: errorResponseSchema,
};

/**
 * What a list's answer is built from: its block's settings and the items (a widget's answer also
 * follows its source list, on another block: not tagged, so any change ends it).
 */
const listAnswerTags = (request: FastifyRequest) => [
  'items',
  `block:${(request.params as { blockGuid: string }).blockGuid.toLowerCase()}`,
];

export const listItemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/listitem/short/:id',
    {
      config: { publicCache: true },
      schema: {
        tags: ['list items'],
        summary: 'One item by its short id (under 32 characters)',
        params: shortIdParams,
        response: { 200: listItemDetailSchema, ...errorResponses },
      },
    },
    async (request) => lists.getItem(contextOf(request), { shortId: request.params.id }),
  );

  app.get(
    '/api/listitem/:guid',
    {
      config: { publicCache: true },
      schema: {
        tags: ['list items'],
        summary: 'One item by its guid (404 when missing or not visible)',
        params: itemGuidParams,
        response: { 200: listItemDetailSchema, ...errorResponses },
      },
    },
    async (request) => lists.getItem(contextOf(request), { id: request.params.guid }),
  );

  app.post(
    '/api/listitem/list/:blockGuid',
    {
      // An object body is a read (cached for visitors, until its block or an item changes); an
      // array body creates items.
      config: { publicCache: true, cacheTags: listAnswerTags },
      schema: {
        tags: ['list items'],
        summary: 'A page of a list (object body), or create items in it (array body)',
        description:
          'SPEC 7 gives this path two meanings. With a JSON object (pageNumber, itemCount, sort_by, filter, ' +
          'searchFilter, showExpiredItems, highlightOnly, parentGuids) it answers the page of items under the ' +
          "block's stored settings. With a JSON array of items it creates them (those who may add items to " +
          "the list: the page's editors and the block's addPermission/addRoles) and answers 201 with the " +
          'created items, each with its guid. Filter language: `type:<name>`, `parent:<guid>`, ' +
          '`highlight:true`, `expired:true`, comma separated.',
        params: blockGuidParams,
        body: listBodySchema,
        response: { 200: listPageSchema, 201: z.array(listItemDetailSchema), ...writeErrors },
      },
    },
    async (request, reply) => {
      const { body } = request;
      if (Array.isArray(body)) {
        return reply
          .status(201)
          .send(await lists.addItems(contextOf(request), request.params.blockGuid, body));
      }
      return lists.listPage(contextOf(request), request.params.blockGuid, body);
    },
  );

  app.get(
    '/api/listitem/list/:blockGuid/meta',
    {
      config: { publicCache: true, cacheTags: listAnswerTags },
      schema: {
        tags: ['list items'],
        summary: 'How many items the list shows the caller under its stored settings',
        params: blockGuidParams,
        response: { 200: metaResponseSchema, ...errorResponses },
      },
    },
    async (request) => lists.listMeta(contextOf(request), request.params.blockGuid),
  );

  const widgetQuery = listQuerySchema.pick({
    pageNumber: true,
    itemCount: true,
    sort_by: true,
    filter: true,
  });

  app.post(
    '/api/listitem/widget/:blockGuid',
    {
      config: { publicCache: true },
      schema: {
        tags: ['list items'],
        summary: "A widget's items (its source list's, under the widget's settings): at most 20 per page",
        params: blockGuidParams,
        body: widgetQuery,
        response: { 200: listPageSchema, ...errorResponses },
      },
    },
    async (request) => lists.widgetPage(contextOf(request), request.params.blockGuid, request.body),
  );

  app.get(
    '/api/listitem/widget/:blockGuid',
    {
      config: { publicCache: true },
      schema: {
        tags: ['list items'],
        summary: "A widget's items, with the query in the query string",
        params: blockGuidParams,
        querystring: widgetQuery,
        response: { 200: listPageSchema, ...errorResponses },
      },
    },
    async (request) => lists.widgetPage(contextOf(request), request.params.blockGuid, request.query),
  );

  app.post(
    '/api/listitem/lists',
    {
      schema: {
        tags: ['list items'],
        summary: 'Several lists in one round trip',
        description:
          'Body: block guid → JSON-encoded list query. Answer: block guid → its page of items, null for a ' +
          'list that does not exist (or that the caller may not see), or an error entry for a bad query.',
        body: listsBodySchema,
        response: { 200: listsResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) =>
      lists.listPages(contextOf(request), request.body, (json) => {
        const parsed = listQuerySchema.safeParse(json);
        return parsed.success ? parsed.data : null;
      }),
  );

  app.get(
    '/api/listitemtypes',
    {
      schema: {
        tags: ['list items'],
        summary: 'The item types (nieuws, evenement, …)',
        response: { 200: z.array(itemTypeSchema) },
      },
    },
    async (request) => lists.itemTypes(contextOf(request)),
  );

  app.put(
    '/api/listitem/:guid',
    {
      schema: {
        tags: ['list items'],
        summary: "Change an item (those who may edit the list's page)",
        params: itemGuidParams,
        body: listItemInputSchema,
        response: { 200: listItemDetailSchema, ...writeErrors },
      },
    },
    async (request) => lists.changeItem(contextOf(request), request.params.guid, request.body),
  );

  app.delete(
    '/api/listitem/:guid',
    {
      schema: {
        tags: ['list items'],
        summary: "Delete an item (those who may edit the list's page)",
        params: itemGuidParams,
        response: { 204: z.null(), ...writeErrors },
      },
    },
    async (request, reply) => {
      await lists.removeItem(contextOf(request), request.params.guid);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/listitem/list/:blockGuid/reorder',
    {
      schema: {
        tags: ['list items'],
        summary: 'Move one item of a manual list before another item, or to the end',
        description:
          "Those who may edit the list's items. The moved item gets a sortId between its new neighbours; only " +
          "when there is no room are the list's items renumbered. Answers the items whose sortId changed.",
        params: blockGuidParams,
        body: reorderBodySchema,
        response: { 200: reorderResponseSchema, ...writeErrors },
      },
    },
    async (request) => lists.moveItem(contextOf(request), request.params.blockGuid, request.body),
  );
};
