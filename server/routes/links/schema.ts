import { z } from 'zod';

export const linkSearchQuerySchema = z.object({
  q: z.string().max(200).default(''),
});

export const linkSearchResultsSchema = z
  .object({
    results: z.array(
      z.object({
        kind: z.enum(['page', 'item']),
        guid: z.string(),
        value: z.string().describe('What a link field stores: page:<guid> or item:<guid>'),
        title: z.object({ nl: z.string(), en: z.string().nullable() }),
        path: z.string().nullable().describe('Where it is served now; null when it is served nowhere'),
        isPublished: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'LinkSearchResults' });
