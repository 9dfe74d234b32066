import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pickLocale } from '../../../common/localized-text.ts';
import { headerImages } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { errorResponses, guidSchema } from '../common-schemas.ts';

const headerImageSchema = z
  .object({
    guid: z.string(),
    imageGuid: z.string().nullable(),
    title: z.string(),
    text: z.string(),
  })
  .meta({ id: 'HeaderImage' });

type HeaderImageRow = typeof headerImages.$inferSelect;

/** Header images are public: pages name them in their headerImage option. */
export const headerImageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const present = (row: HeaderImageRow, locale: 'nl' | 'en') => ({
    guid: row.id,
    imageGuid: row.imageGuid,
    title: pickLocale(row.title, locale),
    text: row.text ? pickLocale(row.text, locale) : '',
  });

  app.get(
    '/api/headerimages',
    {
      schema: {
        tags: ['header images'],
        summary: 'All header images',
        response: { 200: z.array(headerImageSchema) },
      },
    },
    async (request) => {
      const rows = await db.select().from(headerImages).orderBy(asc(headerImages.updatedAt));
      return rows.map((row) => present(row, request.locale));
    },
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
    async (request) => {
      const [row] = await db
        .select()
        .from(headerImages)
        .where(eq(headerImages.id, request.params.guid))
        .limit(1);
      if (!row) throw notFound('header image');
      return present(row, request.locale);
    },
  );
};
