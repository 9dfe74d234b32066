import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as accounts from '../../domains/accounts/index.ts';
import { applicationUserSchema } from '../auth/schema.ts';
import { errorResponseSchema, errorResponses, guidSchema } from '../common-schemas.ts';
import { contextOf } from '../context.ts';

const adminErrors = {
  ...errorResponses,
  401: errorResponseSchema,
  403: errorResponseSchema,
  409: errorResponseSchema,
};

const userUpdateBody = z.object({
  firstName: z.string().trim().max(100).optional(),
  middleName: z.string().trim().max(100).optional(),
  lastName: z.string().trim().max(100).optional(),
  isActive: z.boolean().optional(),
  isAdmin: z.boolean().optional(),
  isContentManager: z.boolean().optional(),
  isDeveloper: z.boolean().optional(),
  isMett: z.boolean().optional(),
  roleIds: z.array(guidSchema).max(100).optional(),
});

/** Admins manage accounts: activate, deactivate, grant roles. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/users',
    {
      schema: {
        tags: ['users'],
        summary: 'Accounts (admins), optionally filtered by name or e-mail',
        querystring: z.object({ search: z.string().trim().max(200).optional() }),
        response: { 200: z.array(applicationUserSchema), ...adminErrors },
      },
    },
    async (request) => accounts.listUsers(contextOf(request), request.query.search),
  );

  app.get(
    '/api/users/:guid',
    {
      schema: {
        tags: ['users'],
        summary: 'One account (admins)',
        params: z.object({ guid: guidSchema }),
        response: { 200: applicationUserSchema, ...adminErrors },
      },
    },
    async (request) => accounts.getUser(contextOf(request), request.params.guid),
  );

  app.put(
    '/api/users/:guid',
    {
      schema: {
        tags: ['users'],
        summary: 'Change an account (admins); only platform operators grant the operator flag',
        params: z.object({ guid: guidSchema }),
        body: userUpdateBody,
        response: { 200: applicationUserSchema, ...adminErrors },
      },
    },
    async (request) => accounts.updateUser(contextOf(request), request.params.guid, request.body),
  );
};
