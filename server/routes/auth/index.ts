import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clearSessionCookies, setSessionCookies } from '../../auth.ts';
import * as accounts from '../../domains/accounts/index.ts';
import { SIGN_IN_LIMITS, SIGN_IN_PROOF } from '../../domains/accounts/sign-in-limits.ts';
import { errorResponseSchema, errorResponses } from '../common-schemas.ts';
import { contextOf } from '../context.ts';
import {
  applicationUserSchema,
  changePasswordBody,
  requestPasswordResetBody,
  resetPasswordBody,
  sendVerificationMailBody,
  signInBody,
  signInChallengeBody,
  signInChallengeSchema,
  signUpBody,
  verificationMailResponse,
  verifyEmailBody,
} from './schema.ts';

const OUTCOME_STATUS = {
  Sent: 200,
  AlreadyVerified: 200,
  TooSoon: 429,
  Abused: 429,
  Failed: 503,
  NotFound: 404,
  Unauthorized: 401,
  BadRequest: 400,
} as const satisfies Record<accounts.VerificationMailOutcome, number>;

const authErrors = {
  ...errorResponses,
  401: errorResponseSchema,
  403: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const isSecure = app.config.env !== 'development';
  // Coarse per-address limit in front of the per-account rules in the service.
  const authRateLimit = { rateLimit: { max: app.config.authRateLimitPerMinute, timeWindow: '1 minute' } };

  app.post(
    '/api/auth::signUp',
    {
      config: authRateLimit,
      schema: {
        tags: ['auth'],
        summary: 'Create an account (when sign-up is on) and sign in',
        body: signUpBody,
        response: { 201: applicationUserSchema, ...authErrors },
      },
    },
    async (request, reply) => {
      const { session, user } = await accounts.signUp(contextOf(request), request.body);
      setSessionCookies(reply, { ...session, isSecure });
      return reply.status(201).send(user);
    },
  );

  app.post(
    '/api/auth::signIn',
    {
      config: authRateLimit,
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password; sets the session and XSRF-TOKEN cookies',
        description:
          `Every attempt counts before the password is checked: ${SIGN_IN_LIMITS.perAccount} failures per account and ` +
          `${SIGN_IN_LIMITS.perAddress} per address in ${SIGN_IN_LIMITS.windowMinutes} minutes; at an address the account ` +
          `signed in from before, ${SIGN_IN_LIMITS.perAccount} for the account there. Past a limit the answer is 429 ` +
          '`rate_limited` (the password is not checked) unless `proof` holds a solved `POST /api/auth:signInChallenge` ' +
          'for this e-mail address; a wrong, expired or reused proof is 400 `proof_failed`.',
        body: signInBody,
        response: { 200: applicationUserSchema, ...authErrors },
      },
    },
    async (request, reply) => {
      const { session, user } = await accounts.signIn(contextOf(request), request.body);
      setSessionCookies(reply, { ...session, isSecure });
      return user;
    },
  );

  app.post(
    '/api/auth::signInChallenge',
    {
      config: authRateLimit,
      schema: {
        tags: ['auth'],
        summary: 'A proof-of-work challenge (ALTCHA, SHA-256) for signing in to an account past the limits',
        description:
          'The browser searches the counter whose SHA-256 of salt, nonce and counter starts with `keyPrefix` and ' +
          `sends \`{ challenge, solution }\` as base64 in the sign-in's \`proof\`. Made for this e-mail address and the ` +
          `caller's address, valid ${SIGN_IN_PROOF.expiresMinutes} minutes, once; the more failed attempts went ` +
          `before, the more work (up to ${2 ** SIGN_IN_PROOF.maxDoublings} times).`,
        body: signInChallengeBody,
        response: { 200: signInChallengeSchema, ...errorResponses, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return accounts.signInChallenge(contextOf(request), request.body.email);
    },
  );

  app.post(
    '/api/auth::signOut',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out: ends this session and clears its cookies',
        response: { 204: z.null(), 403: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await accounts.signOutSession(contextOf(request));
      clearSessionCookies(reply, isSecure);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/auth::requestPasswordReset',
    {
      config: authRateLimit,
      schema: {
        tags: ['auth'],
        summary: 'Mail a password reset link (always answers 202, whether the address exists or not)',
        body: requestPasswordResetBody,
        response: { 202: z.object({ accepted: z.literal(true) }), ...authErrors },
      },
    },
    async (request, reply) => {
      await accounts.requestPasswordReset(contextOf(request), request.body.email);
      return reply.status(202).send({ accepted: true as const });
    },
  );

  app.post(
    '/api/auth::resetPassword',
    {
      config: authRateLimit,
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the mailed token; ends all sessions',
        body: resetPasswordBody,
        response: { 204: z.null(), ...authErrors },
      },
    },
    async (request, reply) => {
      await accounts.resetPassword(contextOf(request), request.body);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/auth::changePassword',
    {
      config: authRateLimit,
      schema: {
        tags: ['auth'],
        summary: 'Change the password; other sessions are ended',
        body: changePasswordBody,
        response: { 204: z.null(), ...authErrors },
      },
    },
    async (request, reply) => {
      await accounts.changePassword(contextOf(request), request.body);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/auth::sendVerificationMail',
    {
      config: authRateLimit,
      schema: {
        tags: ['auth'],
        summary: 'Mail an e-mail verification link to the signed-in user (or to an address)',
        description:
          'Answers one of Sent, TooSoon (a minimum interval between mails), Abused (too many in a day), NotFound, Unauthorized, BadRequest, Failed, AlreadyVerified.',
        body: sendVerificationMailBody,
        response: {
          200: verificationMailResponse,
          400: verificationMailResponse,
          401: verificationMailResponse,
          404: verificationMailResponse,
          429: verificationMailResponse,
          503: verificationMailResponse,
        },
      },
    },
    async (request, reply) => {
      const outcome = await accounts.sendVerificationMail(contextOf(request), request.body?.email);
      return reply.status(OUTCOME_STATUS[outcome]).send({ outcome });
    },
  );

  app.post(
    '/api/auth::verifyEmail',
    {
      config: authRateLimit,
      schema: {
        tags: ['auth'],
        summary: 'Verify the e-mail address with the mailed token; grants the VerifiedUser role',
        body: verifyEmailBody,
        response: { 200: applicationUserSchema, ...authErrors },
      },
    },
    async (request) => accounts.verifyEmail(contextOf(request), request.body.token),
  );
};
