import { z } from 'zod';

/* The schemas of pages, apart from the rules in ./pages.ts, so that public pages do not load zod. */

export const pageOptionSchema = z.object({ name: z.string().min(1).max(64), value: z.string().max(2000) });
export type PageOption = z.infer<typeof pageOptionSchema>;
