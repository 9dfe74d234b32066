import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listSettingValues, updateSettings } from '../../domains/settings/index.ts';
import { errorResponseSchema, errorResponses } from '../common-schemas.ts';
import { contextOf } from '../context.ts';
import { listSettingsQuery, settingValuesResponse, updateSettingsBody } from './schema.ts';

export const platformSettingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/platformsettingvalues',
    {
      config: { publicCache: true },
      schema: {
        tags: ['settings'],
        summary: 'Platform setting values (visitors get the public ones)',
        description:
          'With `keys`, only those keys. With `includeAll`, every known setting, unset ones with their default.',
        querystring: listSettingsQuery,
        response: { 200: settingValuesResponse, 400: errorResponses[400] },
      },
    },
    async (request) =>
      listSettingValues(contextOf(request), {
        keys: request.query.keys,
        includeAll: request.query.includeAll,
      }),
  );

  app.put(
    '/api/platformsettingvalues',
    {
      schema: {
        tags: ['settings'],
        summary: 'Change platform settings (admins)',
        description:
          'Body: the `{ key, value }` pairs to change. Every key must be a known setting and every value fit its rule; nothing is saved otherwise. Answers every setting with its value.',
        body: updateSettingsBody,
        response: {
          200: settingValuesResponse,
          ...errorResponses,
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (request) => updateSettings(contextOf(request), request.body),
  );
};
