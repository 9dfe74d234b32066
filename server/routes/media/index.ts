import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cleanFileName,
  DOCUMENT_MIME_TYPES,
  type DocumentFormat,
  isDocumentFormat,
  MAX_DOCUMENT_BYTES,
  MAX_UPLOAD_BYTES,
  PLACEHOLDER,
} from '../../../common/media.ts';
import { MEDIA_OWNERS } from '../../domains/cache.ts';
import type { NewFile } from '../../domains/media/commands.ts';
import * as mediaDomain from '../../domains/media/index.ts';
import { checkUploader } from '../../domains/media/uploads.ts';
import { AppError, errorBody, notFound } from '../../errors.ts';
import { VERSION_WAIT_MS } from '../../http/public-cache.ts';
import { MULTIPART_OVERHEAD_BYTES, type UploadRule, uploadLeaseOf } from '../../http/upload-gate.ts';
import { RefusalLog, TransformUnavailable, transformClient } from '../../media/admission.ts';
import { processPdf, sniffDocument } from '../../media/documents.ts';
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
import { errorResponseSchema, errorResponses, guidSchema } from '../common-schemas.ts';
import { contextOf } from '../context.ts';
import { mediaLibraryRoutes } from './library.ts';
import {
  IMAGE_FILE_FIELD,
  imageBytesSchema,
  imageUploadConfig,
  transformQuerySchema,
  uploadedMediaSchema,
  uploadQuerySchema,
} from './schema.ts';

const PLACEHOLDER_PARAMS: VariantParams = {
  width: PLACEHOLDER.width,
  height: PLACEHOLDER.height,
  quality: PLACEHOLDER.quality,
  fit: 'inside',
  format: 'webp',
};

/** Seconds an image URL without the asset's file version (`v`) is kept: a replaced file shows within it. */
const UNVERSIONED_MAX_AGE = 3600;

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
  const rows = new mediaDomain.MediaRows(app.contentChanges);
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
  // stays as it is. The file limit makes the stream fail at MAX_DOCUMENT_BYTES + 1 (nothing
  // buffered); an image is held to MAX_UPLOAD_BYTES once its content says it is one.
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: MAX_DOCUMENT_BYTES,
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
      config: imageUploadConfig(uploadRule),
      schema: {
        tags: ['media'],
        summary:
          'Upload an image, or a document into the library or a block (multipart field Image; query flag public, api, profile, library, block=<guid> or item=<guid>)',
        description:
          'The body is refused before it is read (issue 34) unless the caller may upload for that purpose ' +
          `(401, 403, 404) and it declares at most ${MAX_DOCUMENT_BYTES + MULTIPART_OVERHEAD_BYTES} bytes (413); ` +
          `images up to ${MAX_UPLOAD_BYTES} bytes, documents (PDF, OpenXML, OpenDocument, CSV, text: by their content) up to ${MAX_DOCUMENT_BYTES} (413), else 415; ` +
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
      // Documents (issue 27) go into the library or a block (a download block), not into items or profiles.
      const takesDocuments = purpose === 'library' || purpose === 'block';
      const file = await acceptImage(request, reply, user.id, { images: true, documents: takesDocuments });
      const row = await mediaDomain.recordUpload(ctx, {
        ...file,
        language: isDocumentFormat(file.format) ? 'nl' : null,
        purpose,
        ownerGuid,
        uploadedBy: user.id,
      });
      rows.remember(row);
      // The request logger carries the correlation id (reqId, echoed as x-correlation-id).
      request.log.info(
        {
          media: row.id,
          purpose,
          ownerGuid,
          contentHash: file.contentHash,
          format: file.format,
          size: file.size,
        },
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
    },
  );

  /**
   * Reads the multipart body's file into storage (content-addressed): an image of an accepted format
   * that decodes, or (where `kinds.documents`) a document recognised by its content (issue 27),
   * within the limits; anything else is refused (415, 413). The file of an upload and of a library
   * asset's replacement (issue 27).
   */
  async function acceptImage(
    request: FastifyRequest,
    reply: FastifyReply,
    userId: string,
    kinds: { images: boolean; documents: boolean } = { images: true, documents: false },
  ): Promise<NewFile> {
    if (!request.isMultipart()) throw new AppError('bad_request', 'expected multipart/form-data');
    const part = await request.file().catch(badMultipart);
    if (!part || part.fieldname !== IMAGE_FILE_FIELD) {
      throw new AppError('bad_request', `expected a file in the multipart field ${IMAGE_FILE_FIELD}`);
    }
    const temp = await storage.tempPath();
    const lease = uploadLeaseOf(request) ?? scratch.lease();
    try {
      const { hash, size } = await receive(part.file, temp, lease);
      const document = await sniffDocument(temp, size);
      if (document) {
        if (!kinds.documents) throw new AppError('unsupported_media_type', 'a document is not taken here');
        return await acceptDocument(request, document, temp, { hash, size, name: part.filename });
      }
      if (!kinds.images) throw new AppError('unsupported_media_type', 'an image is not taken here');
      if (size > MAX_UPLOAD_BYTES) {
        throw new AppError('payload_too_large', `an image may be at most ${MAX_UPLOAD_BYTES} bytes`);
      }
      const image = await probeImage(temp);
      // Decoding the placeholder proves the whole image is readable (a broken file is refused now,
      // not on its first view) and warms the variant every image block asks for first.
      const client = transformClient(userId, request.ip);
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
      return {
        contentHash: hash,
        fileName: uploadFileName(part.filename),
        format: image.format,
        width: image.width,
        height: image.height,
        size,
      };
    } finally {
      await rm(temp, { force: true });
      lease.release();
    }
  }

  /**
   * A document's file: a PDF is opened with MuPDF (its text for the search, its first page stored
   * as a PNG for the thumbnails, whether it holds JavaScript); one MuPDF cannot open is refused.
   */
  async function acceptDocument(
    request: FastifyRequest,
    format: DocumentFormat,
    temp: string,
    file: { hash: string; size: number; name: string | undefined },
  ): Promise<NewFile> {
    let documentText = '';
    let hasScript = false;
    let thumbnail: { hash: string; width: number; height: number } | null = null;
    if (format === 'pdf') {
      const pdf = await processPdf(await readFile(temp)).catch((error: unknown) => {
        request.log.info({ err: error }, 'uploaded PDF could not be opened');
        throw new AppError('unsupported_media_type', 'the PDF could not be opened');
      });
      documentText = pdf.text;
      hasScript = pdf.hasScript;
      if (pdf.thumbnail) {
        const thumbnailFile = await storage.tempPath();
        try {
          await writeFile(thumbnailFile, pdf.thumbnail.png);
          const thumbnailHash = createHash('sha256').update(pdf.thumbnail.png).digest('hex');
          await storage.put(thumbnailHash, thumbnailFile);
          thumbnail = { hash: thumbnailHash, width: pdf.thumbnail.width, height: pdf.thumbnail.height };
        } finally {
          await rm(thumbnailFile, { force: true });
        }
      }
    }
    await storage.put(file.hash, temp);
    return {
      contentHash: file.hash,
      fileName: documentFileName(file.name, format),
      format,
      width: thumbnail?.width ?? 0,
      height: thumbnail?.height ?? 0,
      size: file.size,
      documentText,
      hasScript,
      thumbnailHash: thumbnail?.hash ?? null,
    };
  }

  await app.register(mediaLibraryRoutes, { storage, rows, acceptImage });

  app.get(
    '/a/:guid',
    {
      schema: {
        tags: ['media'],
        summary:
          'An image at the size and format asked (width/height rounded to 50, capped at 3000); a new variant may answer 503 with Retry-After when the server is busy',
        params: z.object({ guid: guidSchema }),
        querystring: transformQuerySchema,
        produces: [
          'image/webp',
          'image/jpeg',
          'image/png',
          'image/avif',
          ...Object.values(DOCUMENT_MIME_TYPES),
        ],
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
      // and kept while no later version changed its uses (cache tags), so an image request asks
      // the database nothing on the hot path, also while editors work.
      const version = await app.contentVersion.current({ maxWaitMs: VERSION_WAIT_MS });
      // A URL naming the asset's current file version is that file for good; one without it (or
      // an older one) shows whatever file the asset has now, so it is kept an hour (issue 27).
      const { row, isPublic } = await mediaDomain.visibleMedia(
        contextOf(request),
        rows,
        request.params.guid,
        async (db, found) =>
          (
            await app.views.getTracked(version, `media-owners|${found.id}`, async () => ({
              value: await mediaDomain.mediaOwners(db, found),
              tags: MEDIA_OWNERS,
            }))
          ).value,
        version,
      );

      const lifetime =
        request.query.v === row.version ? 'max-age=31536000, immutable' : `max-age=${UNVERSIONED_MAX_AGE}`;
      const cacheControl = `${isPublic ? 'public' : 'private'}, ${lifetime}`;
      const { width, height, quality, fit, format } = request.query;
      const asksPicture = [width, height, quality, fit, format].some((value) => value !== undefined);
      if (isDocumentFormat(row.format) && !asksPicture) {
        // A document (issue 27) as it was uploaded: never run or rendered as a page (nosniff, a
        // sandbox with nothing allowed), inline only for a PDF without JavaScript.
        const etag = `"${row.contentHash.slice(0, 32)}"`;
        reply.header('etag', etag);
        reply.header('cache-control', cacheControl);
        reply.header('x-content-type-options', 'nosniff');
        reply.header('content-security-policy', DOCUMENT_CSP);
        const inline = row.format === 'pdf' && !row.hasScript;
        reply.header(
          'content-disposition',
          documentDisposition(inline ? 'inline' : 'attachment', row.fileName),
        );
        if (matchesEtag(request.headers['if-none-match'], etag)) return reply.status(304).send(null);
        const type = DOCUMENT_MIME_TYPES[row.format];
        reply.type(row.format === 'csv' || row.format === 'txt' ? `${type}; charset=utf-8` : type);
        reply.header('content-length', row.size);
        return reply.send(storage.get(row.contentHash));
      }
      // A PDF's thumbnails are variants of its first page; other documents have none.
      const source = isDocumentFormat(row.format) ? row.thumbnailHash : row.contentHash;
      if (!source) throw notFound('media');

      const { params, negotiated } = planVariant(
        request.query,
        request.headers.accept,
        row,
        app.config.mediaAvifMaxPixels,
      );
      if (negotiated) reply.header('vary', 'Accept');
      const etag = `"${row.contentHash.slice(0, 32)}-${variantName(params)}"`;
      if (matchesEtag(request.headers['if-none-match'], etag)) {
        return reply.status(304).header('etag', etag).header('cache-control', cacheControl).send(null);
      }

      // request.ip honours TRUST_PROXY (server/app.ts), so behind a proxy each visitor is its own client.
      const client = transformClient(request.actor.user?.id, request.ip);
      const lane = isSiteVariant(params, row) ? 'site' : 'other';
      const variant = await variants.get(source, params, { client, lane }).catch(retryLater(reply));
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
  return { maxBytes: MAX_DOCUMENT_BYTES + MULTIPART_OVERHEAD_BYTES };
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
      if (size > MAX_DOCUMENT_BYTES) {
        callback(new AppError('payload_too_large', `an upload may be at most ${MAX_DOCUMENT_BYTES} bytes`));
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
      throw new AppError('payload_too_large', `an upload may be at most ${MAX_DOCUMENT_BYTES} bytes`);
    }
    badMultipart(error);
  }
  if ((file as Readable & { truncated?: boolean }).truncated) {
    throw new AppError('payload_too_large', `an upload may be at most ${MAX_DOCUMENT_BYTES} bytes`);
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

/**
 * A document's stored name: the upload's name cleaned (no path, no control characters), with the
 * extension of the format its content has (a `.pdf` that is a Word file is saved as `.docx`).
 */
function documentFileName(name: string | undefined, format: DocumentFormat): string {
  const base =
    uploadFileName(name)
      .replace(/\.[^.]*$/, '')
      .replace(/^[.\s]+/, '') || 'document';
  return `${base.slice(0, 190)}.${format}`;
}

/** If-None-Match holds a list of tags (or `*`); weak comparison is right for a conditional GET. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * A served document's policy (issue 27): a sandbox with nothing allowed, so that even a browser that
 * renders it as a page runs no script and loads nothing; Chromium's PDF viewer still shows a PDF.
 */
const DOCUMENT_CSP = "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:";

/** `inline` or `attachment` with the document's name, ASCII-safe with the UTF-8 name beside it. */
function documentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** `inline` with the asked name, its extension matching the format served. */
function contentDisposition(name: string, format: VariantFormat): string {
  const base = cleanFileName(name).replace(/\.[^.]*$/, '') || 'image';
  const fileName = `${base}.${FILE_EXTENSIONS[format]}`;
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
