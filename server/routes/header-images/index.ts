import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getHeaderImage, listHeaderImages } from '../../domains/site/index.ts';
import { errorResponses, guidSchema } from '../common-schemas.ts';
import { contextOf } from '../context.ts';

const headerImageSchema = z
  .object({
    guid: z.string(),
    imageGuid: z.string().nullable(),
    title: z.string(),
    text: z.string(),
  })
  .meta({ id: 'HeaderImage' });

/** Header images are public: pages name them in their headerImage option. */
export const headerImageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/headerimages',
    {
      schema: {
        tags: ['header images'],
        summary: 'All header images',
        response: { 200: z.array(headerImageSchema) },
      },
    },
    async (request) => listHeaderImages(contextOf(request)),
  );

  app.get(
    '/api/headerimages/:guid',
    {
      schema: {
        tags: ['header images'],
        summary: 'One header image',
        params: z.object({ guid: guidSchema }),
        response: { 200: headerImageSchema, ...errorResponses },
      },
    },
    async (request) => getHeaderImage(contextOf(request), request.params.guid),
  );
};
