import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as accounts from '../../domains/accounts/index.ts';
import { USER_SORT_KEYS } from '../../domains/accounts/queries.ts';
import { applicationUserSchema } from '../auth/schema.ts';
import {
  errorResponseSchema,
  errorResponses,
  guidSchema,
  pagedSchema,
  TABLE_PAGE_SIZES,
  tableQuerySchema,
} from '../common-schemas.ts';
import { contextOf } from '../context.ts';
import { activityEventSchema } from '../dashboard/schema.ts';
import { propertyValuesBody } from '../profiles/schema.ts';
import { sessionSchema } from '../security/index.ts';

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
  /** The user's profile property values, checked like their own profile (empty removes one). */
  properties: propertyValuesBody.optional(),
});

/** A row of the admin users table (and of a role's members). */
export const userRowSchema = z
  .object({
    guid: z.string(),
    firstName: z.string(),
    middleName: z.string(),
    lastName: z.string(),
    email: z.string(),
    isAdmin: z.boolean(),
    isContentManager: z.boolean(),
    isActive: z.boolean(),
    isEmailVerified: z.boolean(),
    accountType: z.enum(['Mett', 'Admin', 'Developer', 'ContentManager', 'Standard']),
    roleIds: z.array(z.string()),
    createdAt: z.string(),
    lastSignInAt: z.string().nullable(),
  })
  .meta({ id: 'UserRow' });

export const userTableQuery = tableQuerySchema(USER_SORT_KEYS, 'name');

const activityQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((value) => (TABLE_PAGE_SIZES as readonly number[]).includes(value), {
      message: 'validation.pageSize',
    })
    .default(25),
});

const userParams = z.object({ guid: guidSchema });

/** Admins manage accounts: activate, deactivate, grant roles. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/users',
    {
      schema: {
        tags: ['users'],
        summary: 'Accounts (admins): one page of the users table, searched by name or e-mail',
        querystring: userTableQuery,
        response: { 200: pagedSchema(userRowSchema), ...adminErrors },
      },
    },
    async (request) => accounts.usersPage(contextOf(request), request.query),
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
        summary:
          'Change an account and its profile properties (admins); only platform operators grant the operator flag',
        params: z.object({ guid: guidSchema }),
        body: userUpdateBody,
        response: { 200: applicationUserSchema, ...adminErrors },
      },
    },
    async (request) => accounts.updateUser(contextOf(request), request.params.guid, request.body),
  );

  app.delete(
    '/api/users/:guid',
    {
      schema: {
        tags: ['users'],
        summary: 'Erase an account (admins; not their own): content stays, attributed to "removed user"',
        params: userParams,
        response: { 204: z.null(), ...adminErrors },
      },
    },
    async (request, reply) => {
      await accounts.eraseUser(contextOf(request), request.params.guid);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/users/:guid/sessions',
    {
      schema: {
        tags: ['users'],
        summary: "An account's open sessions (admins)",
        params: userParams,
        response: { 200: z.array(sessionSchema), ...adminErrors },
      },
    },
    async (request) => accounts.userSessions(contextOf(request), request.params.guid),
  );

  app.delete(
    '/api/users/:guid/sessions',
    {
      schema: {
        tags: ['users'],
        summary: 'End every session of an account (admins); its API tokens stay',
        params: userParams,
        response: { 204: z.null(), ...adminErrors },
      },
    },
    async (request, reply) => {
      await accounts.revokeUserSessions(contextOf(request), request.params.guid);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/users/:guid/sessions/:sessionGuid',
    {
      schema: {
        tags: ['users'],
        summary: 'End one session of an account (admins)',
        params: z.object({ guid: guidSchema, sessionGuid: guidSchema }),
        response: { 204: z.null(), ...adminErrors },
      },
    },
    async (request, reply) => {
      await accounts.revokeUserSession(contextOf(request), request.params.guid, request.params.sessionGuid);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/users/:guid/activity',
    {
      schema: {
        tags: ['users'],
        summary: "An account's audit trail, newest first: what they did and what was done to it (admins)",
        params: userParams,
        querystring: activityQuery,
        response: { 200: pagedSchema(activityEventSchema), ...adminErrors },
      },
    },
    async (request) => accounts.userActivity(contextOf(request), request.params.guid, request.query),
  );

  app.post(
    '/api/users/:guid/verification',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['users'],
        summary: 'Mail the e-mail verification link to an account again (admins)',
        description: 'Answers the outcome: Sent, TooSoon, Abused, Failed or AlreadyVerified.',
        params: userParams,
        response: {
          200: z.object({
            outcome: z.enum([
              'Sent',
              'TooSoon',
              'Abused',
              'NotFound',
              'Unauthorized',
              'BadRequest',
              'Failed',
              'AlreadyVerified',
            ]),
          }),
          ...adminErrors,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => ({
      outcome: await accounts.resendVerification(contextOf(request), request.params.guid),
    }),
  );

  app.get(
    '/api/users/:guid/export',
    {
      schema: {
        tags: ['users'],
        summary: "Download an account's data as JSON (admins)",
        params: userParams,
        response: {
          200: z.object({
            exportedAt: z.string(),
            user: applicationUserSchema,
            activity: z.array(z.unknown()),
          }),
          ...adminErrors,
        },
      },
    },
    async (request, reply) => {
      const data = await accounts.exportUserData(contextOf(request), request.params.guid);
      reply.header('content-disposition', `attachment; filename="gebruiker-${request.params.guid}.json"`);
      return data;
    },
  );
};
