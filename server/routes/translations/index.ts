import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translationRequestSchema } from '../../../common/translation-schemas.ts';
import * as translation from '../../domains/translation/index.ts';
import { errorResponseSchema, errorResponses } from '../common-schemas.ts';
import { contextOf } from '../context.ts';

/** Automatic translation of the site's texts (SPEC 1, 9), for anyone reading the site. */
export const translationRoutes: FastifyPluginAsyncZod = async (app) => {
  const translator = app.config.translateUrl
    ? translation.libreTranslate({
        url: app.config.translateUrl,
        apiKey: app.config.translateApiKey,
        timeoutMs: app.config.translateTimeoutMs,
      })
    : null;

  app.post(
    '/api/translations',
    {
      // Anyone may ask, so the service is kept from becoming a free translator for the world.
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['translations'],
        summary: 'Translate texts of the site automatically (when the site offers it)',
        description:
          'Plain texts in, their translations out in the same order. Offered when the setting ' +
          '`autoTranslate` is on and the server has a translation service (TRANSLATE_URL); otherwise 404 ' +
          '`translation_unavailable`. At most 100 texts of 5,000 characters, 50,000 in all; 60 requests ' +
          'a minute per address. A service that fails answers 503 `service_unavailable`.',
        body: translationRequestSchema,
        response: {
          200: z.object({ translations: z.array(z.string()) }),
          ...errorResponses,
          404: errorResponseSchema,
          429: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request) => translation.translateTexts(contextOf(request), translator, request.body),
  );
};
