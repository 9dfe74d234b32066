import { z } from 'zod';
import { isPageOptionName } from './pages.ts';

/* The schemas of pages, apart from the rules in ./pages.ts, so that public pages do not load zod. */

/** A page option: one of PAGE_OPTION_NAMES; another name is refused, named in the message (issue 26). */
export const pageOptionSchema = z.object({
  name: z
    .string()
    .min(1)
    .max(64)
    .superRefine((name, ctx) => {
      if (!isPageOptionName(name)) {
        ctx.addIssue({
          code: 'custom',
          message: 'validation.pageOption',
          params: { name: name.slice(0, 64) },
        });
      }
    }),
  value: z.string().max(2000),
});
export type PageOption = z.infer<typeof pageOptionSchema>;
