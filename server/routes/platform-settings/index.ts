import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isAdmin } from '../../policies/index.ts';
import { listPlatformSettingValues } from '../../services/platform-settings.ts';
import { errorResponses } from '../common-schemas.ts';
import { listSettingsQuery, settingValuesResponse } from './schema.ts';

export const platformSettingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/platformsettingvalues',
    {
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
      listPlatformSettingValues({
        db: app.database.db,
        keys: request.query.keys,
        includeAll: request.query.includeAll,
        includePrivate: isAdmin(request.actor),
      }),
  );
};
