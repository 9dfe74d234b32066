import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PROPERTY_CATEGORIES, PROPERTY_INPUT_TYPES } from '../../../common/profile-properties.ts';
import { clearSessionCookies } from '../../auth.ts';
import * as accounts from '../../domains/accounts/index.ts';
import { applicationUserSchema } from '../auth/schema.ts';
import { errorResponseSchema, errorResponses, guidSchema } from '../common-schemas.ts';
import { contextOf } from '../context.ts';
import { activityEventSchema } from '../dashboard/schema.ts';
import { profileUpdateBody } from './schema.ts';

const signedInErrors = { ...errorResponses, 401: errorResponseSchema, 403: errorResponseSchema };

const propertyDefinitionSchema = z
  .object({
    key: z.string(),
    label: z.string(),
    category: z.enum(PROPERTY_CATEGORIES),
    section: z.string(),
    subsection: z.string(),
    sectionSortOrdinal: z.number().int(),
    sortOrdinal: z.number().int(),
    visibleFor: z.enum(['self', 'user']),
    inputType: z.enum(PROPERTY_INPUT_TYPES),
    isRequired: z.boolean(),
    options: z.array(z.object({ value: z.string(), label: z.string() })),
    isMettOnly: z.boolean(),
    isBuiltIn: z.boolean(),
    defaultValue: z.string().optional(),
  })
  .meta({ id: 'ProfilePropertyDefinition' });

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const isSecure = app.config.env !== 'development';

  app.get(
    '/api/profiles::loggedIn',
    {
      schema: {
        tags: ['profiles'],
        summary: 'The signed-in application user (401 when signed out)',
        response: { 200: applicationUserSchema, 401: errorResponseSchema },
      },
    },
    async (request) => accounts.ownAccount(contextOf(request)),
  );

  app.put(
    '/api/profiles::loggedIn',
    {
      schema: {
        tags: ['profiles'],
        summary: 'Save the signed-in user; an empty payload saves nothing. Answers the new user.',
        body: profileUpdateBody,
        response: { 200: applicationUserSchema, ...signedInErrors },
      },
    },
    async (request) => accounts.updateOwnAccount(contextOf(request), request.body),
  );

  app.delete(
    '/api/profiles::loggedIn',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['profiles'],
        summary: 'Delete my account (confirmed with the password)',
        body: z.object({ password: z.string().min(1).max(200) }),
        response: { 204: z.null(), ...signedInErrors, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await accounts.deleteOwnAccount(contextOf(request), request.body.password);
      clearSessionCookies(reply, isSecure);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/profiles::activity',
    {
      schema: {
        tags: ['profiles'],
        summary:
          'My recent activity (sign-ins, profile changes, tokens), each event as a sentence in my language',
        response: {
          200: z.array(activityEventSchema),
          ...signedInErrors,
        },
      },
    },
    async (request) => accounts.ownActivity(contextOf(request)),
  );

  app.get(
    '/api/profiles::export',
    {
      schema: {
        tags: ['profiles'],
        summary: 'Download my data as JSON',
        response: {
          200: z.object({
            exportedAt: z.string(),
            user: applicationUserSchema,
            activity: z.array(z.unknown()),
            formSubmissions: z.array(
              z.object({
                guid: z.string(),
                form: z.string(),
                version: z.number().int(),
                submittedAt: z.string(),
                answers: z.array(z.object({ question: z.string(), answer: z.string() })),
              }),
            ),
          }),
          ...signedInErrors,
        },
      },
    },
    async (request, reply) => {
      const data = await accounts.exportOwnData(contextOf(request));
      reply.header('content-disposition', 'attachment; filename="mijn-gegevens.json"');
      return data;
    },
  );

  app.get(
    '/api/profileproperties',
    {
      schema: {
        tags: ['profiles'],
        summary: 'The profile property definitions the caller may see',
        response: { 200: z.array(propertyDefinitionSchema) },
      },
    },
    async (request) => accounts.propertyDefinitions(contextOf(request)),
  );

  app.get(
    '/api/profiles/:guid',
    {
      schema: {
        tags: ['profiles'],
        summary: "Another member's public profile: only properties visible to the caller",
        params: z.object({ guid: guidSchema }),
        response: {
          200: z.object({
            guid: z.string(),
            firstName: z.string(),
            middleName: z.string(),
            lastName: z.string(),
            properties: z.array(z.object({ key: z.string(), value: z.string() })),
          }),
          ...signedInErrors,
        },
      },
    },
    async (request) => accounts.memberProfile(contextOf(request), request.params.guid),
  );
};
