import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LOCALES } from '../../../common/localized-text.ts';
import { setSessionCookies } from '../../auth.ts';
import * as accounts from '../../domains/accounts/index.ts';
import { INVITATION_SORT_KEYS } from '../../domains/accounts/invitations.ts';
import { errorBody } from '../../errors.ts';
import { applicationUserSchema } from '../auth/schema.ts';
import {
  errorResponseSchema,
  errorResponses,
  guidSchema,
  pagedSchema,
  tableQuerySchema,
} from '../common-schemas.ts';
import { contextOf } from '../context.ts';

const INVITATION_RESULTS = [
  'Success',
  'NotFound',
  'Unauthorized',
  'BadRequest',
  'Failed',
  'Expired',
] as const;
const RESULT_STATUS = {
  Success: 200,
  NotFound: 404,
  Unauthorized: 401,
  BadRequest: 400,
  Failed: 409,
  Expired: 410,
} as const;

const invitationSchema = z
  .object({
    guid: z.string(),
    email: z.string(),
    roleIds: z.array(z.string()),
    isContentManager: z.boolean(),
    locale: z.enum(LOCALES),
    createdAt: z.string(),
    expiresAt: z.string(),
    acceptedAt: z.string().nullable(),
    status: z.enum(['open', 'accepted', 'revoked', 'expired']),
  })
  .meta({ id: 'Invitation' });

const statusResponse = z
  .object({
    result: z.enum(INVITATION_RESULTS),
    email: z.string().optional(),
    expiresAt: z.string().optional(),
    hasAccount: z.boolean().optional(),
    siteName: z.string().optional(),
  })
  .meta({ id: 'InvitationStatus' });

const acceptResponse = z
  .object({
    result: z.enum(INVITATION_RESULTS),
    user: applicationUserSchema.optional(),
    error: errorResponseSchema.shape.error.optional(),
  })
  .meta({ id: 'InvitationAcceptResult' });

const adminErrors = { ...errorResponses, 401: errorResponseSchema, 403: errorResponseSchema };

export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const isSecure = app.config.env !== 'development';

  app.post(
    '/api/userinvitations',
    {
      schema: {
        tags: ['invitations'],
        summary: 'Invite someone by e-mail (admins); the code goes out by mail only',
        body: z.object({
          email: z.email().max(254),
          roleIds: z.array(guidSchema).max(50).default([]),
          isContentManager: z.boolean().default(false),
          locale: z.enum(LOCALES).optional(),
          expiresInDays: z.number().int().min(1).max(365).optional(),
        }),
        response: { 201: invitationSchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      const row = await accounts.invite(contextOf(request), request.body);
      return reply.status(201).send(accounts.presentInvitation(row));
    },
  );

  app.get(
    '/api/userinvitations',
    {
      schema: {
        tags: ['invitations'],
        summary: 'Invitations (admins): one page of the invitations table, searched by e-mail address',
        querystring: tableQuerySchema(INVITATION_SORT_KEYS, 'createdAt'),
        response: { 200: pagedSchema(invitationSchema), ...adminErrors },
      },
    },
    async (request) => accounts.listAllInvitations(contextOf(request), request.query),
  );

  app.delete(
    '/api/userinvitations/:guid',
    {
      schema: {
        tags: ['invitations'],
        summary: 'Withdraw an open invitation (admins)',
        params: z.object({ guid: guidSchema }),
        response: { 204: z.null(), ...adminErrors },
      },
    },
    async (request, reply) => {
      await accounts.withdrawInvitation(contextOf(request), request.params.guid);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/userinvitation::status/:id',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['invitations'],
        summary:
          'The state of an invitation code: Success (open), NotFound, Expired or Failed (already accepted)',
        params: z.object({ id: z.string().min(1).max(200) }),
        response: { 200: statusResponse, 404: statusResponse, 409: statusResponse, 410: statusResponse },
      },
    },
    async (request, reply) => {
      const status = await accounts.invitationForCode(contextOf(request), request.params.id);
      return reply.status(RESULT_STATUS[status.result]).send(status);
    },
  );

  app.post(
    '/api/userinvitation::accept',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['invitations'],
        summary: 'Accept an invitation as the signed-in user, or sign up with it',
        body: z.object({
          code: z.string().min(1).max(200),
          signUp: z
            .object({
              password: z.string().min(1).max(200),
              firstName: z.string().trim().max(100).optional(),
              lastName: z.string().trim().max(100).optional(),
            })
            .optional(),
        }),
        response: {
          200: acceptResponse,
          400: acceptResponse,
          401: acceptResponse,
          403: errorResponseSchema,
          404: acceptResponse,
          409: acceptResponse,
          410: acceptResponse,
        },
      },
    },
    async (request, reply) => {
      const outcome = await accounts.acceptInvitationCode(contextOf(request), request.body);
      if (outcome.result === 'BadRequest' && 'errorCode' in outcome) {
        return reply
          .status(400)
          .send({ result: outcome.result, error: errorBody(outcome.errorCode, request.locale).error });
      }
      if (outcome.result !== 'Success') {
        return reply.status(RESULT_STATUS[outcome.result]).send({ result: outcome.result });
      }
      if (outcome.session) setSessionCookies(reply, { ...outcome.session, isSecure });
      return { result: outcome.result, user: outcome.user };
    },
  );
};
