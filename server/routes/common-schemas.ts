import { z } from 'zod';
import { ERROR_CODES } from '../../common/errors.ts';
import { TABLE_ALL_LIMIT, TABLE_PAGE_SIZES } from '../../common/table.ts';

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

export { TABLE_ALL_LIMIT, TABLE_PAGE_SIZES };

/**
 * The query of every server-paged admin table: `page` (from 1), `pageSize` (10, 25, 50, 100 or
 * `all`), `sortBy` (one of the table's sortable columns), `sortDirection` and `search`. The
 * answer is `pagedSchema(row)`: `{ items, total }`, total counting every match.
 */
export function tableQuerySchema<const Keys extends readonly [string, ...string[]]>(
  sortKeys: Keys,
  defaultSort: Keys[number],
) {
  return z.object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    pageSize: z
      .union([z.literal('all'), z.coerce.number().int()])
      .refine((value) => value === 'all' || (TABLE_PAGE_SIZES as readonly number[]).includes(value), {
        message: 'validation.pageSize',
      })
      .transform((value) => (value === 'all' ? TABLE_ALL_LIMIT : value))
      .default(25),
    sortBy: z.enum(sortKeys).default(defaultSort as never),
    sortDirection: z.enum(['asc', 'desc']).default('asc'),
    search: z.string().trim().max(200).regex(NO_CONTROL_CHARACTERS, controlCharacterMessage).optional(),
  });
}

export type TableQuery<Key extends string = string> = {
  page: number;
  pageSize: number;
  sortBy: Key;
  sortDirection: 'asc' | 'desc';
  search?: string | undefined;
};

/** One page of a table: the rows and how many match in all. */
export const pagedSchema = <Row extends z.ZodType>(row: Row) =>
  z.object({ items: z.array(row), total: z.number().int().nonnegative() });
