import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { localized } from '../../../common/localized-text-schemas.ts';
import {
  addHeaderImage,
  changeHeaderImage,
  getHeaderImage,
  headerImageTable,
  listHeaderImages,
  removeHeaderImage,
} from '../../domains/site/index.ts';
import {
  errorResponseSchema,
  errorResponses,
  guidSchema,
  nameSchema,
  pagedSchema,
  tableQuerySchema,
} from '../common-schemas.ts';
import { contextOf } from '../context.ts';

const headerImageSchema = z
  .object({
    guid: z.string(),
    imageGuid: z.string().nullable(),
    title: z.string(),
    text: z.string(),
  })
  .meta({ id: 'HeaderImage' });

const headerImageAdminSchema = headerImageSchema
  .extend({
    titleTranslations: z.object({ nl: z.string(), en: z.string() }),
    textTranslations: z.object({ nl: z.string(), en: z.string() }),
    updatedAt: z.string(),
    usedBy: z.array(z.object({ guid: z.string(), name: z.string(), title: z.string() })),
  })
  .meta({ id: 'HeaderImageAdmin' });

const headerImageBody = z.object({
  title: z.object({ nl: nameSchema(200), en: z.string().trim().max(200).optional() }),
  text: localized(z.string().trim().max(1000)).default({ nl: '' }),
  imageGuid: guidSchema.nullable().default(null),
});

const adminErrors = {
  ...errorResponses,
  401: errorResponseSchema,
  403: errorResponseSchema,
  409: errorResponseSchema,
};

/** Header images are public: pages name them in their headerImage option. Admins manage them. */
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
    '/api/headerimages::table',
    {
      schema: {
        tags: ['header images'],
        summary: 'Header images for the admin table, with the pages that show each (admins)',
        querystring: tableQuerySchema(['title', 'updatedAt'] as const, 'title'),
        response: { 200: pagedSchema(headerImageAdminSchema), ...adminErrors },
      },
    },
    async (request) => headerImageTable(contextOf(request), request.query),
  );

  app.get(
    '/api/headerimages/:guid',
    {
      config: { publicCache: true },
      schema: {
        tags: ['header images'],
        summary: 'One header image',
        params: z.object({ guid: guidSchema }),
        response: { 200: headerImageSchema, ...errorResponses },
      },
    },
    async (request) => getHeaderImage(contextOf(request), request.params.guid),
  );

  app.post(
    '/api/headerimages',
    {
      schema: {
        tags: ['header images'],
        summary: 'Create a header image (admins)',
        body: headerImageBody,
        response: { 201: headerImageAdminSchema, ...adminErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await addHeaderImage(contextOf(request), request.body)),
  );

  app.put(
    '/api/headerimages/:guid',
    {
      schema: {
        tags: ['header images'],
        summary: 'Change a header image (admins)',
        params: z.object({ guid: guidSchema }),
        body: headerImageBody,
        response: { 200: headerImageAdminSchema, ...adminErrors },
      },
    },
    async (request) => changeHeaderImage(contextOf(request), request.params.guid, request.body),
  );

  app.delete(
    '/api/headerimages/:guid',
    {
      schema: {
        tags: ['header images'],
        summary: 'Delete a header image; refused (409, naming the pages) while a page shows it (admins)',
        params: z.object({ guid: guidSchema }),
        response: { 204: z.null(), ...adminErrors },
      },
    },
    async (request, reply) => {
      await removeHeaderImage(contextOf(request), request.params.guid);
      return reply.status(204).send(null);
    },
  );
};
