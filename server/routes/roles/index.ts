import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as accounts from '../../domains/accounts/index.ts';
import { ROLE_SORT_KEYS } from '../../domains/accounts/roles.ts';
import {
  errorResponseSchema,
  errorResponses,
  guidSchema,
  nameSchema,
  pagedSchema,
  tableQuerySchema,
} from '../common-schemas.ts';
import { contextOf } from '../context.ts';
import { userRowSchema, userTableQuery } from '../users/index.ts';

const roleSchema = z
  .object({ guid: z.string(), name: z.string(), description: z.string() })
  .meta({ id: 'Role' });
const roleRowSchema = z
  .object({
    guid: z.string(),
    name: z.string(),
    description: z.string(),
    /** Accounts holding the role. */
    memberCount: z.number().int(),
    /** Pages whose editors include the role (titles in the request's language). */
    editPages: z.array(z.object({ guid: z.string(), title: z.string() })),
    /** Pages only members of the role (and admins) may view. */
    viewPageCount: z.number().int(),
  })
  .meta({ id: 'RoleRow' });
const roleBody = z.object({
  name: nameSchema(100),
  description: z.string().trim().max(500).default(''),
});
const adminErrors = {
  ...errorResponses,
  401: errorResponseSchema,
  403: errorResponseSchema,
  409: errorResponseSchema,
};
const roleParams = z.object({ guid: guidSchema });
const memberParams = z.object({ guid: guidSchema, userGuid: guidSchema });

/** Custom roles (roleIds of users, editRoles of pages). Built-in roles follow from account flags. */
export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/roles',
    {
      schema: {
        tags: ['roles'],
        summary: 'Custom roles (admins): one page of the roles table, with member counts and pages',
        querystring: tableQuerySchema(ROLE_SORT_KEYS, 'name'),
        response: { 200: pagedSchema(roleRowSchema), ...adminErrors },
      },
    },
    async (request) => accounts.rolesPage(contextOf(request), request.query),
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
        params: roleParams,
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
        summary: 'Delete a role (admins)',
        description:
          'Refused (409, the counts in the details) while accounts hold the role or pages name it, unless reassignTo names the role its members and page rights move to.',
        params: roleParams,
        querystring: z.object({ reassignTo: guidSchema.optional() }),
        response: { 204: z.null(), ...adminErrors },
      },
    },
    async (request, reply) => {
      await accounts.removeRole(contextOf(request), request.params.guid, request.query.reassignTo);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/roles/:guid/members',
    {
      schema: {
        tags: ['roles'],
        summary: 'Accounts holding a role (admins), paged like the users table',
        params: roleParams,
        querystring: userTableQuery,
        response: { 200: pagedSchema(userRowSchema), ...adminErrors },
      },
    },
    async (request) => accounts.roleMembers(contextOf(request), request.params.guid, request.query),
  );

  app.post(
    '/api/roles/:guid/members/:userGuid',
    {
      schema: {
        tags: ['roles'],
        summary: 'Give an account a role (admins)',
        params: memberParams,
        response: { 204: z.null(), ...adminErrors },
      },
    },
    async (request, reply) => {
      await accounts.addMember(contextOf(request), request.params.guid, request.params.userGuid);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/roles/:guid/members/:userGuid',
    {
      schema: {
        tags: ['roles'],
        summary: 'Take a role from an account (admins)',
        params: memberParams,
        response: { 204: z.null(), ...adminErrors },
      },
    },
    async (request, reply) => {
      await accounts.removeMember(contextOf(request), request.params.guid, request.params.userGuid);
      return reply.status(204).send(null);
    },
  );
};
