import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findPlaces, nominatim } from '../../domains/geocoding/index.ts';
import { errorResponseSchema } from '../common-schemas.ts';
import { contextOf } from '../context.ts';
import { geocodeQuerySchema, geocodeResultsSchema } from './schema.ts';

/** The map block's address search (issue 31), through the site's geocoder (GEOCODER_URL). */
export const geocodeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { geocoderUrl, geocoderTimeoutMs, publicUrl } = app.config;
  const geocoder = geocoderUrl
    ? nominatim({
        url: geocoderUrl,
        timeoutMs: geocoderTimeoutMs,
        userAgent: `Bouwsteen${publicUrl ? ` (+${publicUrl})` : ''}`,
      })
    : null;

  app.get(
    '/api/geocode',
    {
      // Another's service with a fair-use policy: a search is a click, not a keystroke.
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['geocode'],
        summary: "Places for an address, for a map block's editor",
        description:
          "Issue 31: at most 5 places (name, latitude, longitude) the site's Nominatim-compatible " +
          "geocoder (GEOCODER_URL) finds for `q`, named in the request's language; coordinates " +
          '(`52.3702, 4.8952`) or a link of OpenStreetMap are answered as they are. For those who ' +
          'place blocks (admins and content managers). Without a geocoder 404 `geocoder_off`; one ' +
          'that does not answer within GEOCODER_TIMEOUT seconds, or answers something else than a ' +
          'list of places, 424 `geocoder_unavailable`: then the editor types the coordinates.',
        querystring: geocodeQuerySchema,
        response: {
          200: geocodeResultsSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          424: errorResponseSchema,
        },
      },
    },
    async (request) => findPlaces(contextOf(request), geocoder, { q: request.query.q }),
  );
};
