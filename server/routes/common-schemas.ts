import { z } from 'zod';
import { ERROR_CODES } from '../../common/errors.ts';

export const guidSchema = z.uuid({ message: 'validation.guid' });

export const errorResponseSchema = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES),
      message: z.string(),
      details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    }),
  })
  .meta({ id: 'Error' });

/** Standard error answers for the OpenAPI document. */
export const errorResponses = {
  400: errorResponseSchema,
  404: errorResponseSchema,
};

/** Query booleans arrive as strings: accept true/false/1/0 (any case). */
export const queryBoolean = z
  .union([z.boolean(), z.string().regex(/^(true|false|1|0)$/i, 'validation.boolean')])
  .transform((value) => value === true || (typeof value === 'string' && /^(true|1)$/i.test(value)));

// PostgreSQL cannot store NUL in text, and no name needs a control character.
const NO_CONTROL_CHARACTERS = /^\P{Cc}*$/u;
const controlCharacterMessage = 'must not contain control characters';

/** A name looked up in the database (menu, page): trimmed, 1–max characters, no control characters. */
export const nameSchema = (max: number) =>
  z.string().trim().min(1).max(max).regex(NO_CONTROL_CHARACTERS, controlCharacterMessage);

/** A comma separated (or repeated) query list of short names. */
export const queryList = (maxItems: number) =>
  z
    .union([z.string().max(2000), z.array(z.string().max(200)).max(maxItems)])
    .transform((value) =>
      (Array.isArray(value) ? value : value.split(',')).map((item) => item.trim()).filter(Boolean),
    )
    .pipe(
      z.array(z.string().min(1).max(200).regex(NO_CONTROL_CHARACTERS, controlCharacterMessage)).max(maxItems),
    );
