import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as accounts from '../../domains/accounts/index.ts';
import { errorResponseSchema, errorResponses, guidSchema } from '../common-schemas.ts';
import { contextOf } from '../context.ts';

export const sessionSchema = z
  .object({
    guid: z.string(),
    userAgent: z.string(),
    ip: z.string(),
    createdAt: z.string(),
    lastUsedAt: z.string(),
    isCurrent: z.boolean(),
  })
  .meta({ id: 'Session' });

const apiTokenSchema = z
  .object({
    guid: z.string(),
    name: z.string(),
    prefix: z.string(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
    expiresAt: z.string().nullable(),
  })
  .meta({ id: 'ApiToken' });

const signedInErrors = { ...errorResponses, 401: errorResponseSchema, 403: errorResponseSchema };

/** The security page: the user's own sessions and personal API tokens. */
export const securityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/sessions',
    {
      schema: {
        tags: ['security'],
        summary: 'My active sessions',
        response: { 200: z.array(sessionSchema), 401: errorResponseSchema },
      },
    },
    async (request) => accounts.ownSessions(contextOf(request)),
  );

  app.delete(
    '/api/sessions/:guid',
    {
      schema: {
        tags: ['security'],
        summary: 'End one of my sessions',
        params: z.object({ guid: guidSchema }),
        response: { 204: z.null(), ...signedInErrors },
      },
    },
    async (request, reply) => {
      await accounts.revokeOwnSession(contextOf(request), request.params.guid);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/tokens',
    {
      schema: {
        tags: ['security'],
        summary: 'My personal API tokens',
        response: { 200: z.array(apiTokenSchema), 401: errorResponseSchema },
      },
    },
    async (request) => accounts.ownApiTokens(contextOf(request)),
  );

  app.post(
    '/api/tokens',
    {
      schema: {
        tags: ['security'],
        summary: 'Create a personal API token; the token is shown only in this answer',
        body: z.object({
          name: z.string().trim().min(1).max(100),
          expiresInDays: z.number().int().min(1).max(3650).optional(),
        }),
        response: { 201: z.object({ guid: z.string(), token: z.string() }), ...signedInErrors },
      },
    },
    async (request, reply) => {
      const created = await accounts.createOwnApiToken(contextOf(request), request.body);
      return reply.status(201).send(created);
    },
  );

  app.delete(
    '/api/tokens/:guid',
    {
      schema: {
        tags: ['security'],
        summary: 'Revoke one of my API tokens',
        params: z.object({ guid: guidSchema }),
        response: { 204: z.null(), ...signedInErrors },
      },
    },
    async (request, reply) => {
      await accounts.revokeOwnApiToken(contextOf(request), request.params.guid);
      return reply.status(204).send(null);
    },
  );
};
