import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import { type FastifyPluginAsyncZod, jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cleanFileName, MAX_UPLOAD_BYTES, PLACEHOLDER } from '../../../common/media.ts';
import * as mediaDomain from '../../domains/media/index.ts';
import { checkUploader } from '../../domains/media/uploads.ts';
import { AppError, errorBody } from '../../errors.ts';
import { VERSION_WAIT_MS } from '../../http/public-cache.ts';
import { MULTIPART_OVERHEAD_BYTES, type UploadRule, uploadLeaseOf } from '../../http/upload-gate.ts';
import { RefusalLog, TransformUnavailable, transformClient } from '../../media/admission.ts';
import { isSiteVariant, planVariant } from '../../media/plan.ts';
import { type ScratchLease, scratchSpaceFor } from '../../media/scratch.ts';
import { createMediaStorage } from '../../media/storage.ts';
import {
  probeImage,
  VARIANT_MIME_TYPES,
  type VariantFormat,
  type VariantParams,
  variantName,
} from '../../media/transform.ts';
import { VariantCache } from '../../media/variants.ts';
import { isPublicMedia } from '../../policies/index.ts';
import { errorResponseSchema, errorResponses, guidSchema } from '../common-schemas.ts';
import { contextOf } from '../context.ts';
import {
  imageBytesSchema,
  transformQuerySchema,
  uploadBodyDocument,
  uploadedMediaSchema,
  uploadQuerySchema,
} from './schema.ts';

/** The form field that carries the file (SPEC 7). */
const FILE_FIELD = 'Image';

const PLACEHOLDER_PARAMS: VariantParams = {
  width: PLACEHOLDER.width,
  height: PLACEHOLDER.height,
  quality: PLACEHOLDER.quality,
  fit: 'inside',
  format: 'webp',
};

/** Refused transforms are logged as one count per this interval (issue 34), not a line each. */
const REFUSAL_LOG_INTERVAL_MS = 60_000;

const FILE_EXTENSIONS: Record<VariantFormat, string> = {
  webp: 'webp',
  jpeg: 'jpg',
  png: 'png',
  avif: 'avif',
};

/**
 * Media (issue 4): POST /a/upload stores an original (content-addressed, through the storage
 * adapter); GET /a/{guid} serves it at the size and format asked, from a variant cache on disk.
 */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = createMediaStorage(app.config);
  const { config } = app;
  const variants = new VariantCache(storage, {
    concurrency: config.mediaTransformConcurrency,
    queueLimit: config.mediaTransformQueue,
    perClient: config.mediaTransformPerClient,
    waitTimeoutMs: config.mediaTransformQueueTimeoutMs,
    timeoutSeconds: config.mediaTransformTimeoutSeconds,
    threads: config.mediaTransformThreads,
  });
  const rows = new mediaDomain.MediaRows();
  const scratch = scratchSpaceFor(config);

  // A refused transform (the gate's, or over its time limit) is the server protecting itself, not an
  // error: 503 with Retry-After, counted, and one warn line per interval with the counts (a burst
  // used to write thousands of error lines a minute). Every other error goes on to the app's handler.
  const refusals = new RefusalLog(
    (counts) =>
      app.log.warn(
        { ...counts, intervalSeconds: REFUSAL_LOG_INTERVAL_MS / 1000 },
        'image transforms refused (503) in the last interval',
      ),
    REFUSAL_LOG_INTERVAL_MS,
  );
  app.addHook('onClose', async () => refusals.flush());
  app.setErrorHandler((error, request, reply) => {
    if (!(error instanceof TransformUnavailable)) throw error;
    refusals.note(error.reason);
    return reply
      .status(503)
      .header('retry-after', String(error.retryAfterSeconds))
      .serializer(JSON.stringify)
      .type('application/json; charset=utf-8')
      .send(errorBody('service_unavailable', request.locale));
  });

  // Scoped to this plugin: only the upload route parses multipart, and the JSON body limit elsewhere
  // stays as it is. The file limit makes the stream fail at MAX_UPLOAD_BYTES + 1 (nothing buffered).
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: MAX_UPLOAD_BYTES,
      files: 1,
      fields: 10,
      fieldSize: 1024,
      parts: 20,
      headerPairs: 100,
    },
    throwFileSizeLimit: true,
  });

  app.post(
    '/a/upload',
    {
      // The body is a multipart stream read by the handler, not validated by a schema; the
      // document still says what it holds, so clients (and the fuzz test) know how to send one.
      config: {
        uploads: uploadRule,
        swaggerTransform: (input) => {
          const result = jsonSchemaTransform(input);
          return { ...result, schema: { ...result.schema, body: uploadBodyDocument(FILE_FIELD) } };
        },
      },
      schema: {
        tags: ['media'],
        summary:
          'Upload an image (multipart field Image; query flag public, api, profile, block=<guid> or item=<guid>)',
        description:
          'The body is refused before it is read (issue 34) unless the caller may upload for that purpose ' +
          `(401, 403, 404) and it declares at most ${MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES} bytes (413); ` +
          "`503 scratch_full` with Retry-After when the server's scratch space for uploads is full.",
        querystring: uploadQuerySchema,
        consumes: ['multipart/form-data'],
        response: {
          201: uploadedMediaSchema,
          ...errorResponses,
          401: errorResponseSchema,
          403: errorResponseSchema,
          413: errorResponseSchema,
          415: errorResponseSchema,
          422: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const ctx = contextOf(request);
      const { purpose } = request.query;
      const { user, ownerGuid } = await mediaDomain.uploadOwner(ctx, purpose, request.query.ownerGuid);

      if (!request.isMultipart()) throw new AppError('bad_request', 'expected multipart/form-data');
      const part = await request.file().catch(badMultipart);
      if (!part || part.fieldname !== FILE_FIELD) {
        throw new AppError('bad_request', `expected a file in the multipart field ${FILE_FIELD}`);
      }
      const temp = await storage.tempPath();
      const lease = uploadLeaseOf(request) ?? scratch.lease();
      try {
        const { hash, size } = await receive(part.file, temp, lease);
        const image = await probeImage(temp);
        // Decoding the placeholder proves the whole image is readable (a broken file is refused now,
        // not on its first view) and warms the variant every image block asks for first.
        const client = transformClient(user.id, request.ip);
        await variants.get(hash, PLACEHOLDER_PARAMS, { client, input: temp }).catch((error: unknown) => {
          if (error instanceof TransformUnavailable) return retryLater(reply)(error);
          request.log.info({ err: error }, 'uploaded image could not be decoded');
          // sharp's limitInputPixels catches what the header check could not (e.g. a lying header).
          if (error instanceof Error && /pixel limit/i.test(error.message)) {
            throw new AppError('image_too_large', 'the image has too many pixels');
          }
          throw new AppError('unsupported_media_type', 'the image could not be decoded');
        });
        await storage.put(hash, temp);
        const row = await mediaDomain.recordUpload(ctx, {
          contentHash: hash,
          purpose,
          ownerGuid,
          uploadedBy: user.id,
          fileName: uploadFileName(part.filename),
          format: image.format,
          width: image.width,
          height: image.height,
          size,
        });
        rows.remember(row);
        // The request logger carries the correlation id (reqId, echoed as x-correlation-id).
        request.log.info(
          { media: row.id, purpose, ownerGuid, contentHash: hash, format: image.format, size },
          'media uploaded',
        );
        return reply.status(201).send({
          guid: row.id,
          width: row.width,
          height: row.height,
          type: row.format,
          size: row.size,
          fileName: row.fileName,
        });
      } finally {
        await rm(temp, { force: true });
        lease.release();
      }
    },
  );

  app.get(
    '/a/:guid',
    {
      schema: {
        tags: ['media'],
        summary:
          'An image at the size and format asked (width/height rounded to 50, capped at 3000); a new variant may answer 503 with Retry-After when the server is busy',
        params: z.object({ guid: guidSchema }),
        querystring: transformQuerySchema,
        produces: ['image/webp', 'image/jpeg', 'image/png', 'image/avif'],
        response: {
          200: imageBytesSchema,
          304: z.null(),
          ...errorResponses,
          503: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      // The owner (a block's or an item's page: published? members only?) is content: looked up once
      // per content version, so an image request asks the database nothing on the hot path.
      const version = await app.contentVersion.current({ maxWaitMs: VERSION_WAIT_MS });
      const { row, owner } = await mediaDomain.visibleMedia(
        contextOf(request),
        rows,
        request.params.guid,
        (db, purpose, ownerGuid) =>
          app.views.get(version, `media-owner|${purpose}|${ownerGuid}`, () =>
            mediaDomain.mediaOwner(db, purpose, ownerGuid),
          ),
      );

      const { params, negotiated } = planVariant(
        request.query,
        request.headers.accept,
        row,
        app.config.mediaAvifMaxPixels,
      );
      if (negotiated) reply.header('vary', 'Accept');
      const etag = `"${row.contentHash.slice(0, 32)}-${variantName(params)}"`;
      const cacheControl = `${isPublicMedia(owner) ? 'public' : 'private'}, max-age=31536000, immutable`;
      if (matchesEtag(request.headers['if-none-match'], etag)) {
        return reply.status(304).header('etag', etag).header('cache-control', cacheControl).send(null);
      }

      // request.ip honours TRUST_PROXY (server/app.ts), so behind a proxy each visitor is its own client.
      const client = transformClient(request.actor.user?.id, request.ip);
      const lane = isSiteVariant(params, row) ? 'site' : 'other';
      const variant = await variants.get(row.contentHash, params, { client, lane }).catch(retryLater(reply));
      // Set only now: a 503 (or any error) must not go out with a year of immutable caching.
      reply.header('etag', etag);
      reply.header('cache-control', cacheControl);
      reply.type(VARIANT_MIME_TYPES[params.format]);
      if (request.query.name) {
        reply.header('content-disposition', contentDisposition(request.query.name, params.format));
      }
      if (variant.bytes) return reply.send(variant.bytes);
      reply.header('content-length', variant.size);
      return reply.send(createReadStream(variant.path));
    },
  );
};

/** Who may send an upload and how large, decided before its body is read (the query is not validated yet). */
const uploadRule: UploadRule = async (request) => {
  const query = uploadQuerySchema.safeParse(request.query);
  await checkUploader(contextOf(request), query.success ? query.data : null);
  return { maxBytes: MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES };
};

/**
 * A transform refused by the admission gate (or over its time limit) answers 503 through the error
 * handler; this adds when to try again.
 */
function retryLater(reply: FastifyReply) {
  return (error: unknown): never => {
    if (error instanceof TransformUnavailable) reply.header('retry-after', String(error.retryAfterSeconds));
    throw error;
  };
}

/**
 * Streams the upload into `target` while hashing it. The multipart limit ends the stream with an
 * error at MAX_UPLOAD_BYTES + 1; the counter is a second guard that never lets more through.
 */
async function receive(
  file: Readable,
  target: string,
  lease: ScratchLease,
): Promise<{ hash: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > MAX_UPLOAD_BYTES) {
        callback(new AppError('payload_too_large', `an upload may be at most ${MAX_UPLOAD_BYTES} bytes`));
        return;
      }
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  try {
    // Each chunk is counted against the node's scratch cap before it is written.
    await pipeline(file, counter, lease.meter(), createWriteStream(target));
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('payload_too_large', `an upload may be at most ${MAX_UPLOAD_BYTES} bytes`);
    }
    badMultipart(error);
  }
  if ((file as Readable & { truncated?: boolean }).truncated) {
    throw new AppError('payload_too_large', `an upload may be at most ${MAX_UPLOAD_BYTES} bytes`);
  }
  return { hash: hash.digest('hex'), size };
}

/**
 * The multipart parser fails a body the client broke (no boundary, cut off, a malformed part
 * header) with a plain Error: that is the client's 400. Errors that carry a status (the parser's
 * own limits) or come from the system (the disk) keep their meaning.
 */
function badMultipart(error: unknown): never {
  const known = error as { statusCode?: unknown; syscall?: unknown };
  if (error instanceof Error && known.statusCode === undefined && known.syscall === undefined) {
    throw new AppError('bad_request', `the multipart body could not be read: ${error.message}`);
  }
  throw error;
}

/** SPEC 5's clean-up, plus no control characters, a sane length and never an empty name. */
function uploadFileName(name: string | undefined): string {
  const cleaned = cleanFileName(name ?? '')
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, 200);
  return cleaned || 'image';
}

/** If-None-Match holds a list of tags (or `*`); weak comparison is right for a conditional GET. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** `inline` with the asked name, its extension matching the format served. */
function contentDisposition(name: string, format: VariantFormat): string {
  const base = cleanFileName(name).replace(/\.[^.]*$/, '') || 'image';
  const fileName = `${base}.${FILE_EXTENSIONS[format]}`;
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
