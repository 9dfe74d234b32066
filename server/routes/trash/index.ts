import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as trash from '../../domains/trash/index.ts';
import {
  errorResponseSchema,
  errorResponses,
  guidSchema,
  pagedSchema,
  tableQuerySchema,
} from '../common-schemas.ts';
import { contextOf } from '../context.ts';

const entrySchema = z
  .object({
    guid: z.string(),
    kind: z.enum(['page', 'listItem', 'form', 'menuItem']),
    /** The deleted record's guid (it keeps it when restored). */
    targetGuid: z.string(),
    title: z.string(),
    deletedBy: z.object({ guid: z.string().nullable(), name: z.string(), isRemoved: z.boolean() }).nullable(),
    deletedAt: z.string(),
    /** When the purge job deletes it for good. */
    purgeAt: z.string(),
  })
  .meta({ id: 'TrashEntry' });
const adminErrors = { ...errorResponses, 401: errorResponseSchema, 403: errorResponseSchema };
const guidParams = z.object({ guid: guidSchema });
const trashQuery = tableQuerySchema(['deletedAt', 'title', 'kind'], 'deletedAt');

/** The trash (issue 26): deleted pages, list items, forms and menu items, 30 days (admins). */
export const trashRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/trash',
    {
      schema: {
        tags: ['trash'],
        summary: 'What is in the trash, server-paged, searchable by title (admins)',
        querystring: trashQuery,
        response: { 200: pagedSchema(entrySchema).meta({ id: 'TrashPage' }), ...adminErrors },
      },
    },
    async (request) => trash.listTrash(contextOf(request), request.query),
  );

  app.post(
    '/api/trash/:guid/restore',
    {
      schema: {
        tags: ['trash'],
        summary:
          'Restore an entry as it was (blocks, items, menu place, redirects); 409 when its place is gone or taken (admins)',
        params: guidParams,
        response: { 204: z.null(), ...adminErrors, 404: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await trash.restoreFromTrash(contextOf(request), request.params.guid);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/trash/:guid',
    {
      schema: {
        tags: ['trash'],
        summary: 'Delete an entry for good (admins)',
        params: guidParams,
        response: { 204: z.null(), ...adminErrors, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await trash.purgeFromTrash(contextOf(request), request.params.guid);
      return reply.status(204).send(null);
    },
  );
};
