import { z } from 'zod';

/*
 * The schemas of translatable content, apart from the helpers in ./localized-text.ts, so that the
 * browser's public pages, which use only the helpers, do not load zod.
 */

/** `{ nl, en? }` of `schema`: Dutch is required, English optional (see Localized). */
export function localized<T extends z.ZodType>(schema: T) {
  return z.object({ nl: schema, en: schema.optional() });
}

export const localizedTextSchema = localized(z.string().max(500));
