import { z } from 'zod';

export const searchQuerySchema = z.object({
  q: z.string().max(500).default(''),
  page: z.coerce.number().int().min(1).max(1000).optional(),
  /** An item type's name, or `page` for pages only. */
  type: z
    .string()
    .regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'must be an item type name or page')
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

export const searchResultsSchema = z
  .object({
    q: z.string(),
    hits: z.array(
      z.object({
        kind: z.enum(['page', 'item']),
        guid: z.string(),
        title: z.string(),
        url: z.string(),
        snippetHtml: z.string().describe('HTML-escaped text; matches wrapped in <mark>…</mark>'),
        listItemTypeName: z.string().nullable(),
        listItemTypeLabel: z
          .string()
          .nullable()
          .describe("The item type's label in the request language; null for pages"),
        publishedOn: z.string().nullable(),
        rank: z.number(),
      }),
    ),
    pageNumber: z.number().int(),
    itemCount: z.number().int(),
    totalNumberOfItems: z.number().int(),
    types: z.array(
      z.object({
        name: z.string(),
        count: z.number().int(),
        label: z
          .string()
          .nullable()
          .describe("The item type's label in the request language; null for 'page'"),
      }),
    ),
    isFuzzy: z.boolean(),
  })
  .meta({ id: 'SearchResults' });
