import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pickLocale } from '../../../common/localized-text.ts';
import { PROPERTY_CATEGORIES, PROPERTY_INPUT_TYPES } from '../../../common/profile-properties.ts';
import { clearSessionCookies, requireSignedIn } from '../../auth.ts';
import { AppError } from '../../errors.ts';
import { can } from '../../policies/index.ts';
import {
  deleteOwnAccount,
  findUser,
  listOwnActivity,
  presentApplicationUser,
} from '../../services/accounts.ts';
import { loadPropertyDefinitions, updateOwnProfile } from '../../services/profiles.ts';
import { applicationUserSchema } from '../auth/schema.ts';
import { errorResponseSchema, errorResponses, guidSchema } from '../common-schemas.ts';
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
  const { db } = app.database;
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
    async (request) => presentApplicationUser(db, requireSignedIn(request, { allowInactive: true })),
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
    async (request) => {
      // An inactive user may still accept or decline the terms; the inactive dialog needs nothing else.
      const user = await updateOwnProfile({
        db,
        user: requireSignedIn(request, { allowInactive: true }),
        update: request.body,
        actor: request.actor,
      });
      return presentApplicationUser(db, user);
    },
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
      await deleteOwnAccount(db, {
        user: requireSignedIn(request, { allowInactive: true }),
        password: request.body.password,
      });
      clearSessionCookies(reply, isSecure);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/profiles::activity',
    {
      schema: {
        tags: ['profiles'],
        summary: 'My recent activity: sign-ins, profile changes, tokens',
        response: {
          200: z.array(z.object({ at: z.string(), action: z.string(), entityType: z.string() })),
          ...signedInErrors,
        },
      },
    },
    async (request) => listOwnActivity(db, requireSignedIn(request).id),
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
          }),
          ...signedInErrors,
        },
      },
    },
    async (request, reply) => {
      const user = requireSignedIn(request, { allowInactive: true });
      reply.header('content-disposition', 'attachment; filename="mijn-gegevens.json"');
      return {
        exportedAt: new Date().toISOString(),
        user: await presentApplicationUser(db, user),
        activity: await listOwnActivity(db, user.id, 1000),
      };
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
    async (request) => {
      const definitions = await loadPropertyDefinitions(db);
      return [...definitions.values()]
        .filter((definition) => !definition.isMettOnly || request.actor.user?.isMett === true)
        .sort((a, b) => a.sectionSortOrdinal - b.sectionSortOrdinal || a.sortOrdinal - b.sortOrdinal)
        .map((definition) => ({
          ...definition,
          label: pickLocale(definition.label, request.locale),
          options: definition.options.map((option) => ({
            value: option.value,
            label: pickLocale(option.label, request.locale),
          })),
        }));
    },
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
    async (request) => {
      const viewer = requireSignedIn(request);
      const user = await findUser(db, request.params.guid);
      if (!user?.isActive) throw new AppError('not_found', 'user not found');
      const [definitions, full] = await Promise.all([
        loadPropertyDefinitions(db),
        presentApplicationUser(db, user),
      ]);
      const isOwner = viewer.id === user.id;
      return {
        guid: user.id,
        firstName: user.firstName,
        middleName: user.middleName,
        lastName: user.lastName,
        properties: full.properties.filter((property) => {
          const definition = definitions.get(property.key);
          return definition !== undefined && can(request.actor, 'property.see', { definition, isOwner });
        }),
      };
    },
  );
};
