import { z } from 'zod';
import { LOCALES } from './localized-text.ts';
import { TRANSLATION_LIMITS } from './translation.ts';

/* What a request for automatic translation looks like, apart from ./translation.ts, which public pages load. */

export const translationRequestSchema = z
  .object({
    from: z.enum(LOCALES),
    to: z.enum(LOCALES),
    /**
     * The path (with its query) of the page the texts are on, as the browser shows it: only texts
     * that page shows are translated (issue 34).
     */
    page: z
      .string()
      .max(TRANSLATION_LIMITS.pageLength)
      .regex(/^\/(?![/\\])/),
    texts: z
      .array(z.string().min(1).max(TRANSLATION_LIMITS.textLength))
      .min(1)
      .max(TRANSLATION_LIMITS.texts)
      .refine(
        (texts) => texts.reduce((sum, text) => sum + text.length, 0) <= TRANSLATION_LIMITS.totalLength,
        {
          message: 'validation.translationTooLong',
        },
      ),
  })
  .refine((request) => request.from !== request.to, { message: 'validation.sameLanguage', path: ['to'] });
export type TranslationRequest = z.infer<typeof translationRequestSchema>;
