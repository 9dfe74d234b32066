import type { Readable } from 'node:stream';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FITS,
  MAX_DOCUMENT_BYTES,
  MAX_UPLOAD_BYTES,
  MEDIA_FORMATS,
  MEDIA_PURPOSES,
  type MediaPurpose,
  OUTPUT_FORMATS,
} from '../../../common/media.ts';
import type { UploadRule } from '../../http/upload-gate.ts';
import { guidSchema } from '../common-schemas.ts';

/** The multipart field an image upload (a new one or a replaced file) carries its file in (SPEC 7). */
export const IMAGE_FILE_FIELD = 'Image';

/**
 * The config of a route that takes an image as a multipart stream: its upload rule (checked before
 * the body is read, issue 34) and the body as the OpenAPI document shows it, so clients and the
 * fuzz test know how to send one (the handler reads the stream; no schema validates it).
 */
export function imageUploadConfig(uploads: UploadRule) {
  return {
    uploads,
    swaggerTransform: (input: Parameters<typeof jsonSchemaTransform>[0]) => {
      const result = jsonSchemaTransform(input);
      return { ...result, schema: { ...result.schema, body: uploadBodyDocument(IMAGE_FILE_FIELD) } };
    },
  };
}

/** The upload's multipart body as the OpenAPI document shows it: one file in `field`. */
export function uploadBodyDocument(field: string) {
  return {
    type: 'object',
    required: [field],
    properties: {
      [field]: {
        type: 'string',
        format: 'binary',
        description: `PNG, JPEG, WebP, AVIF or GIF, at most ${MAX_UPLOAD_BYTES} bytes; or (into the library or a block) a PDF, OpenXML or OpenDocument file, CSV or plain text, at most ${MAX_DOCUMENT_BYTES} bytes`,
      },
    },
  };
}

/** A flag's value is ignored (`?public`, `?public=1`); repeating a flag is a 400. */
const flag = z.string().max(100).optional();

/**
 * POST /a/upload?{purpose}: exactly one of public, api, profile, block=<guid>, item=<guid>.
 * Parsed into the purpose and the guid it names.
 */
export const uploadQuerySchema = z
  .object({
    public: flag,
    api: flag,
    profile: flag,
    block: guidSchema.optional(),
    item: guidSchema.optional(),
    library: flag,
  })
  .superRefine((query, context) => {
    const given = MEDIA_PURPOSES.filter((purpose) => query[purpose] !== undefined);
    if (given.length !== 1) {
      context.addIssue({
        code: 'custom',
        path: [],
        message: `exactly one of ${MEDIA_PURPOSES.join(', ')} is required (got ${given.length})`,
      });
    }
  })
  .transform((query): { purpose: MediaPurpose; ownerGuid: string | null } => {
    if (query.block !== undefined) return { purpose: 'block', ownerGuid: query.block };
    if (query.item !== undefined) return { purpose: 'item', ownerGuid: query.item };
    if (query.profile !== undefined) return { purpose: 'profile', ownerGuid: null };
    if (query.api !== undefined) return { purpose: 'api', ownerGuid: null };
    if (query.library !== undefined) return { purpose: 'library', ownerGuid: null };
    return { purpose: 'public', ownerGuid: null };
  });

export const uploadedMediaSchema = z
  .object({
    guid: z.uuid(),
    width: z.number().int(),
    height: z.number().int(),
    type: z.enum(MEDIA_FORMATS),
    size: z.number().int(),
    fileName: z.string(),
  })
  .meta({ id: 'UploadedMedia' });

/** Digits only, then a range: `1e3`, `0x10` or ` 5` are refused rather than coerced. */
const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

// PostgreSQL-free, but a header value must not carry control characters either.
const NO_CONTROL_CHARACTERS = /^\P{Cc}*$/u;

export const transformQuerySchema = z.object({
  /** Rounded to steps of 50 and capped at 3000 (normaliseDimension); larger values are allowed and capped. */
  width: wholeNumber(1, 100_000).optional(),
  height: wholeNumber(1, 100_000).optional(),
  quality: wholeNumber(1, 100).optional(),
  /** Only the download name (Content-Disposition); the bytes do not depend on it. */
  name: z
    .string()
    .min(1)
    .max(200)
    .regex(NO_CONTROL_CHARACTERS, 'must not contain control characters')
    .optional(),
  fit: z.enum(FITS).optional(),
  format: z.enum(OUTPUT_FORMATS).optional(),
  /** The asset's file version (issue 27): with the current one the answer is cached for good. */
  v: wholeNumber(1, 1_000_000).optional(),
});

/** The image bytes; the OpenAPI document names the content, the serializer never sees it. */
export const imageBytesSchema = z.custom<Buffer | Readable>().meta({
  description: 'The image (image/webp, image/jpeg, image/png or image/avif)',
  type: 'string',
  format: 'binary',
});
