import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isItemTypeName } from '../../../common/list-items.ts';
import {
  addItemType,
  changeItemType,
  itemTypeTable,
  removeItemType,
} from '../../domains/item-types/index.ts';
import {
  errorResponseSchema,
  errorResponses,
  nameSchema,
  pagedSchema,
  tableQuerySchema,
} from '../common-schemas.ts';
import { contextOf } from '../context.ts';

/** The key of an item type: the one rule of common/list-items.ts (lower-case slug, at most 64). */
const itemTypeName = z.string().refine(isItemTypeName, { message: 'validation.itemType' });

const labelSchema = z.object({ nl: nameSchema(100), en: z.string().trim().max(100).default('') });

const itemTypeAdminSchema = z
  .object({
    name: z.string(),
    label: z.string(),
    labelTranslations: z.object({ nl: z.string(), en: z.string() }),
    itemCount: z.number().int(),
  })
  .meta({ id: 'ItemTypeAdmin' });

const adminErrors = {
  ...errorResponses,
  401: errorResponseSchema,
  403: errorResponseSchema,
  409: errorResponseSchema,
};

const stored = (label: { nl: string; en: string }) => ({
  nl: label.nl,
  ...(label.en ? { en: label.en } : {}),
});

/** Admin management of item types (the public list is GET /api/listitemtypes). */
export const itemTypeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/listitemtypes::table',
    {
      schema: {
        tags: ['list items'],
        summary: 'Item types for the admin table, with how many items use each (admins)',
        querystring: tableQuerySchema(['name', 'label', 'itemCount'] as const, 'name'),
        response: { 200: pagedSchema(itemTypeAdminSchema), ...adminErrors },
      },
    },
    async (request) => itemTypeTable(contextOf(request), request.query),
  );

  app.post(
    '/api/listitemtypes',
    {
      schema: {
        tags: ['list items'],
        summary: 'Create an item type (admins); its name is its key and never changes',
        body: z.object({ name: itemTypeName, label: labelSchema }),
        response: { 201: itemTypeAdminSchema, ...adminErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await addItemType(contextOf(request), {
          name: request.body.name,
          label: stored(request.body.label),
        }),
      ),
  );

  app.put(
    '/api/listitemtypes/:name',
    {
      schema: {
        tags: ['list items'],
        summary: "Change an item type's labels (admins)",
        params: z.object({ name: itemTypeName }),
        body: z.object({ label: labelSchema }),
        response: { 200: itemTypeAdminSchema, ...adminErrors },
      },
    },
    async (request) => changeItemType(contextOf(request), request.params.name, stored(request.body.label)),
  );

  app.delete(
    '/api/listitemtypes/:name',
    {
      schema: {
        tags: ['list items'],
        summary: 'Delete an item type; refused (409) while items use it (admins)',
        params: z.object({ name: itemTypeName }),
        response: { 204: z.null(), ...adminErrors },
      },
    },
    async (request, reply) => {
      await removeItemType(contextOf(request), request.params.name);
      return reply.status(204).send(null);
    },
  );
};
