import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DOCUMENT_LANGUAGES,
  DOCUMENT_MIME_TYPES,
  IMAGE_MIME_TYPES,
  isDocumentFormat,
  MAX_DOCUMENT_BYTES,
  MEDIA_FORMATS,
  mediaMimeType,
} from '../../../common/media.ts';
import type { NewFile } from '../../domains/media/commands.ts';
import * as mediaDomain from '../../domains/media/index.ts';
import { LIBRARY_SORTS } from '../../domains/media/library.ts';
import { checkUploader } from '../../domains/media/uploads.ts';
import { MULTIPART_OVERHEAD_BYTES, type UploadRule } from '../../http/upload-gate.ts';
import type { MediaStorage } from '../../media/storage.ts';
import { errorResponseSchema, errorResponses, guidSchema, queryBoolean } from '../common-schemas.ts';
import { contextOf } from '../context.ts';
import { imageUploadConfig } from './schema.ts';

/** The most assets one page of the library lists. */
const MAX_PAGE_SIZE = 100;

const localizedPair = z.object({ nl: z.string(), en: z.string() });

export const assetSchema = z
  .object({
    guid: z.string(),
    title: z.string(),
    fileName: z.string(),
    format: z.enum(MEDIA_FORMATS),
    language: z.enum(DOCUMENT_LANGUAGES).nullable(),
    hasScript: z.boolean(),
    hasThumbnail: z.boolean(),
    width: z.number().int(),
    height: z.number().int(),
    size: z.number().int(),
    alt: localizedPair,
    isDecorative: z.boolean(),
    caption: localizedPair,
    credit: z.string(),
    tags: z.array(z.string()),
    focalX: z.number(),
    focalY: z.number(),
    version: z.number().int(),
    url: z.string(),
    uploadedBy: z.object({ guid: z.string(), name: z.string() }).nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    abilities: z.object({ update: z.boolean(), replace: z.boolean(), delete: z.boolean() }),
  })
  .meta({ id: 'Asset' });

const assetUseSchema = z
  .object({
    kind: z.enum(['page', 'item', 'headerImage', 'setting', 'socialImage']),
    title: z.object({ nl: z.string(), en: z.string().optional() }).nullable(),
    guid: z.string().nullable(),
    key: z.string().nullable(),
    isDraft: z.boolean(),
    isTemplate: z.boolean(),
  })
  .meta({ id: 'AssetUse' });

/** A day (`2026-11-27`), read as the start of that day in UTC. */
const daySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date')
  .transform((value) => new Date(`${value}T00:00:00Z`))
  .refine((date) => !Number.isNaN(date.getTime()), 'validation.date');

const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

const libraryQuerySchema = z.object({
  /** Words matched in the title, file name, alt texts and tags (each word somewhere). */
  search: z.string().max(200).optional(),
  format: z.enum(MEDIA_FORMATS).optional(),
  /** Images or documents only (issue 27). */
  kind: z.enum(['image', 'document']).optional(),
  uploadedBy: guidSchema.optional(),
  /** Only assets no page, item, header image or setting uses. */
  unused: queryBoolean.optional(),
  /** Uploaded on or after this day (UTC). */
  from: daySchema.optional(),
  /** Uploaded on or before this day (UTC). */
  to: daySchema.optional(),
  sort: z.enum(LIBRARY_SORTS).default('newest'),
  page: wholeNumber(1, 100_000).default(1),
  pageSize: wholeNumber(1, MAX_PAGE_SIZE).default(24),
});

/** Text without control characters (PostgreSQL keeps no NUL, and no description needs one). */
const plainText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .regex(/^[^\p{Cc}]*$/u, 'must not contain control characters');

const localizedText = (max: number) => z.object({ nl: plainText(max), en: plainText(max) }).partial();

const fraction = z.number().min(0).max(1);

const assetChangeSchema = z
  .object({
    title: plainText(200).min(1),
    alt: localizedText(300),
    isDecorative: z.boolean(),
    caption: localizedText(500),
    credit: plainText(200),
    tags: z.array(plainText(50).min(1)).max(30),
    focalX: fraction,
    focalY: fraction,
    /** A document's language (issue 27); refused for an image. */
    language: z.enum(DOCUMENT_LANGUAGES),
  })
  .partial();

const writeErrors = {
  ...errorResponses,
  401: errorResponseSchema,
  403: errorResponseSchema,
};

/**
 * The media library's API (issue 27): list and search the assets, read and change one, where it
 * is used, replace its file (keeping its guid and every reference), delete it (refused while used,
 * unless confirmed), download the original.
 */
export const mediaLibraryRoutes: FastifyPluginAsyncZod<{
  storage: MediaStorage;
  rows: mediaDomain.MediaRows;
  acceptImage(
    request: FastifyRequest,
    reply: FastifyReply,
    userId: string,
    kinds: { images: boolean; documents: boolean },
  ): Promise<NewFile>;
}> = async (app, { storage, rows, acceptImage }) => {
  app.get(
    '/api/media',
    {
      schema: {
        tags: ['media'],
        summary: 'The media library: one page of assets, searched and filtered (admins and content managers)',
        querystring: libraryQuerySchema,
        response: {
          200: z.object({
            assets: z.array(assetSchema),
            total: z.number().int().describe('The assets that match, counted up to 1,000 (see isTotalExact)'),
            isTotalExact: z
              .boolean()
              .describe('False when more than 1,000 match: total is then 1,000 and the count stopped there'),
            page: z.number().int(),
            pageSize: z.number().int(),
          }),
          ...errorResponses,
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const query = request.query;
      const to = query.to ? new Date(query.to.getTime() + 24 * 60 * 60 * 1000) : undefined;
      return mediaDomain.listAssets(contextOf(request), {
        search: query.search,
        format: query.format,
        kind: query.kind,
        uploadedBy: query.uploadedBy,
        isUnused: query.unused,
        from: query.from,
        to,
        sort: query.sort,
        page: query.page,
        pageSize: query.pageSize,
      });
    },
  );

  app.get(
    '/api/media::uploaders',
    {
      schema: {
        tags: ['media'],
        summary: "Who uploaded the library's assets (its uploader filter)",
        response: {
          200: z.array(z.object({ guid: z.string(), name: z.string() })),
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (request) => mediaDomain.listUploaders(contextOf(request)),
  );

  app.get(
    '/api/media::sweep',
    {
      schema: {
        tags: ['media'],
        summary:
          'What the last orphan sweep removed (admins): originals no asset names, cached variants, unfinished uploads',
        response: {
          200: z.object({
            lastRun: z
              .object({
                startedAt: z.string(),
                finishedAt: z.string().nullable(),
                originals: z.number().int(),
                variants: z.number().int(),
                scratch: z.number().int(),
              })
              .nullable(),
          }),
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const run = await mediaDomain.lastSweep(contextOf(request));
      return {
        lastRun: run
          ? {
              ...run,
              startedAt: run.startedAt.toISOString(),
              finishedAt: run.finishedAt?.toISOString() ?? null,
            }
          : null,
      };
    },
  );

  app.get(
    '/api/media/:guid',
    {
      schema: {
        tags: ['media'],
        summary: 'One asset of the library',
        params: z.object({ guid: guidSchema }),
        response: { 200: assetSchema, ...errorResponses, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => mediaDomain.getAsset(contextOf(request), request.params.guid),
  );

  app.patch(
    '/api/media/:guid',
    {
      schema: {
        tags: ['media'],
        summary:
          "Change an asset's title, alt texts, decorative choice, caption, credit, tags or focal point",
        params: z.object({ guid: guidSchema }),
        body: assetChangeSchema,
        response: { 200: assetSchema, ...writeErrors },
      },
    },
    async (request) => {
      const body = request.body;
      return mediaDomain.changeAsset(contextOf(request), request.params.guid, {
        ...body,
        ...(body.tags ? { tags: [...new Set(body.tags)] } : {}),
      });
    },
  );

  app.get(
    '/api/media/:guid/uses',
    {
      schema: {
        tags: ['media'],
        summary: 'Where an asset is used: pages (published or in a draft), items, header images, settings',
        params: z.object({ guid: guidSchema }),
        response: {
          200: z.object({ uses: z.array(assetUseSchema) }),
          ...errorResponses,
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (request) => ({ uses: await mediaDomain.assetUses(contextOf(request), request.params.guid) }),
  );

  app.delete(
    '/api/media/:guid',
    {
      schema: {
        tags: ['media'],
        summary:
          'Delete an asset: 409 media_in_use while it is used, unless force=true (the uses then lose their image)',
        params: z.object({ guid: guidSchema }),
        querystring: z.object({ force: queryBoolean.optional() }),
        response: { 204: z.null(), ...writeErrors, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await mediaDomain.removeAsset(contextOf(request), request.params.guid, {
        force: request.query.force === true,
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/media/:guid/file',
    {
      config: imageUploadConfig(replaceRule),
      schema: {
        tags: ['media'],
        summary:
          "Replace an asset's file (multipart field Image): its guid, texts and every reference stay, its version goes up",
        params: z.object({ guid: guidSchema }),
        consumes: ['multipart/form-data'],
        response: {
          200: assetSchema,
          ...writeErrors,
          413: errorResponseSchema,
          415: errorResponseSchema,
          422: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const ctx = contextOf(request);
      const current = await mediaDomain.checkReplace(ctx, request.params.guid);
      // An image is replaced by an image, a document by a document (issue 27).
      const isDocument = isDocumentFormat(current.format);
      const file = await acceptImage(request, reply, ctx.user?.id ?? '', {
        images: !isDocument,
        documents: isDocument,
      });
      const asset = await mediaDomain.replaceFile(ctx, request.params.guid, file);
      request.log.info(
        { media: asset.guid, contentHash: file.contentHash, version: asset.version },
        'media file replaced',
      );
      return asset;
    },
  );

  app.get(
    '/api/media/:guid/original',
    {
      schema: {
        tags: ['media'],
        summary: "Download an asset's original file, as it was uploaded",
        params: z.object({ guid: guidSchema }),
        produces: [...Object.values(IMAGE_MIME_TYPES), ...Object.values(DOCUMENT_MIME_TYPES)],
        response: {
          200: z.custom<unknown>().meta({ type: 'string', format: 'binary' }),
          ...errorResponses,
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const ctx = contextOf(request);
      const asset = await mediaDomain.getAsset(ctx, request.params.guid);
      const row = await rows.find(ctx.db, asset.guid);
      if (!row) return reply.callNotFound();
      reply.header('content-disposition', attachment(row.fileName));
      reply.header('x-content-type-options', 'nosniff');
      reply.header('cache-control', 'private, no-store');
      reply.type(mediaMimeType(row.format));
      return reply.send(storage.get(row.contentHash));
    },
  );
};

/** Who may replace the file, decided before the body is read. */
const replaceRule: UploadRule = async (request) => {
  const guid = guidSchema.safeParse((request.params as { guid?: unknown }).guid);
  // A malformed guid is refused by the route's validation; the caller must be signed in regardless.
  if (guid.success) await mediaDomain.checkReplace(contextOf(request), guid.data);
  else await checkUploader(contextOf(request), null);
  return { maxBytes: MAX_DOCUMENT_BYTES + MULTIPART_OVERHEAD_BYTES };
};

/** `attachment` with the original's name, ASCII-safe with the UTF-8 name beside it. */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
