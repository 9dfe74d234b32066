import type { Readable } from 'node:stream';
import { z } from 'zod';
import {
  FITS,
  IMAGE_FORMATS,
  MAX_UPLOAD_BYTES,
  MEDIA_PURPOSES,
  type MediaPurpose,
  OUTPUT_FORMATS,
} from '../../../common/media.ts';
import { guidSchema } from '../common-schemas.ts';

/** The upload's multipart body as the OpenAPI document shows it: one file in `field`. */
export function uploadBodyDocument(field: string) {
  return {
    type: 'object',
    required: [field],
    properties: {
      [field]: {
        type: 'string',
        format: 'binary',
        description: `PNG, JPEG, WebP, AVIF or GIF; at most ${MAX_UPLOAD_BYTES} bytes`,
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
    return { purpose: 'public', ownerGuid: null };
  });

export const uploadedMediaSchema = z
  .object({
    guid: z.uuid(),
    width: z.number().int(),
    height: z.number().int(),
    type: z.enum(IMAGE_FORMATS),
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
});

/** The image bytes; the OpenAPI document names the content, the serializer never sees it. */
export const imageBytesSchema = z.custom<Buffer | Readable>().meta({
  description: 'The image (image/webp, image/jpeg, image/png or image/avif)',
  type: 'string',
  format: 'binary',
});
