import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as accounts from '../../domains/accounts/index.ts';
import { errorResponseSchema, errorResponses, guidSchema } from '../common-schemas.ts';
import { contextOf } from '../context.ts';

const roleSchema = z
  .object({ guid: z.string(), name: z.string(), description: z.string() })
  .meta({ id: 'Role' });
const roleBody = z.object({
  name: z.string().trim().min(1).max(100),
  description: z.string().trim().max(500).default(''),
});
const adminErrors = {
  ...errorResponses,
  401: errorResponseSchema,
  403: errorResponseSchema,
  409: errorResponseSchema,
};

/** Custom roles (roleIds of users, editRoles of pages). Built-in roles follow from account flags. */
export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/roles',
    {
      schema: {
        tags: ['roles'],
        summary: 'Custom roles (admins)',
        response: { 200: z.array(roleSchema), ...adminErrors },
      },
    },
    async (request) => accounts.listRoles(contextOf(request)),
  );

  app.post(
    '/api/roles',
    {
      schema: {
        tags: ['roles'],
        summary: 'Create a role (admins)',
        body: roleBody,
        response: { 201: roleSchema, ...adminErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await accounts.addRole(contextOf(request), request.body)),
  );

  app.put(
    '/api/roles/:guid',
    {
      schema: {
        tags: ['roles'],
        summary: 'Rename or describe a role (admins)',
        params: z.object({ guid: guidSchema }),
        body: roleBody,
        response: { 200: roleSchema, ...adminErrors },
      },
    },
    async (request) => accounts.changeRole(contextOf(request), request.params.guid, request.body),
  );

  app.delete(
    '/api/roles/:guid',
    {
      schema: {
        tags: ['roles'],
        summary: 'Delete a role; users and pages lose it (admins)',
        params: z.object({ guid: guidSchema }),
        response: { 204: z.null(), ...adminErrors },
      },
    },
    async (request, reply) => {
      await accounts.removeRole(contextOf(request), request.params.guid);
      return reply.status(204).send(null);
    },
  );
};
