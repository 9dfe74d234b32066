import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LOCALES } from '../../../common/localized-text.ts';
import { requireSignedIn, setSessionCookies } from '../../auth.ts';
import { AppError, errorBody } from '../../errors.ts';
import { authorize } from '../../policies/index.ts';
import { presentApplicationUser } from '../../services/accounts.ts';
import {
  acceptInvitation,
  createInvitation,
  invitationStatus,
  listInvitations,
  presentInvitation,
  revokeInvitation,
} from '../../services/invitations.ts';
import { getPlatformSettings } from '../../services/platform-settings.ts';
import { createSession } from '../../services/sessions.ts';
import { applicationUserSchema } from '../auth/schema.ts';
import { errorResponseSchema, errorResponses, guidSchema } from '../common-schemas.ts';

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
  const { db } = app.database;
  const isSecure = app.config.env !== 'development';
  const origin = (request: { protocol: string; host: string }) =>
    app.config.publicUrl ?? `${request.protocol}://${request.host}`;

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
      const admin = requireSignedIn(request);
      authorize(request.actor, 'user.manage');
      const row = await createInvitation({
        db,
        mailer: app.mailer,
        origin: origin(request),
        actorId: admin.id,
        input: { ...request.body, locale: request.body.locale ?? request.locale },
      });
      return reply.status(201).send(presentInvitation(row));
    },
  );

  app.get(
    '/api/userinvitations',
    {
      schema: {
        tags: ['invitations'],
        summary: 'All invitations (admins)',
        response: { 200: z.array(invitationSchema), ...adminErrors },
      },
    },
    async (request) => {
      requireSignedIn(request);
      authorize(request.actor, 'user.manage');
      return listInvitations(db);
    },
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
      const admin = requireSignedIn(request);
      authorize(request.actor, 'user.manage');
      await revokeInvitation(db, { id: request.params.guid, actorId: admin.id });
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
      const status = await invitationStatus(db, request.params.id);
      const settings = await getPlatformSettings(db);
      const body =
        status.result === 'Success' && status.invitation
          ? {
              result: status.result,
              email: status.invitation.email,
              expiresAt: status.invitation.expiresAt.toISOString(),
              hasAccount: status.hasAccount ?? false,
              siteName: settings.platformName,
            }
          : { result: status.result };
      return reply.status(RESULT_STATUS[status.result]).send(body);
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
      const signedIn = request.auth.method === 'none' ? null : request.auth.user;
      if (signedIn && !signedIn.isActive) throw new AppError('account_inactive');
      try {
        const outcome = await acceptInvitation({
          db,
          code: request.body.code,
          user: signedIn,
          signUp: request.body.signUp,
        });
        if (outcome.result !== 'Success' || !outcome.user) {
          return reply.status(RESULT_STATUS[outcome.result]).send({ result: outcome.result });
        }
        if (!signedIn) {
          const session = await createSession({
            db,
            userId: outcome.user.id,
            userAgent: request.headers['user-agent'],
            ip: request.ip,
          });
          setSessionCookies(reply, { ...session, isSecure });
        }
        return { result: 'Success' as const, user: await presentApplicationUser(db, outcome.user) };
      } catch (error) {
        // A sign-up that does not pass (weak password, address taken) is a BadRequest result with the reason.
        if (error instanceof AppError && error.status < 500) {
          return reply
            .status(400)
            .send({ result: 'BadRequest' as const, error: errorBody(error.code, request.locale).error });
        }
        throw error;
      }
    },
  );
};
