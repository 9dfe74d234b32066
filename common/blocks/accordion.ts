import { z } from 'zod';
import { defineBlockType } from './define.ts';
import { emptyEditorDoc, richTextDocSchema } from './rich-text.ts';

export const MAX_ACCORDION_ITEMS = 50;

export const accordionBlock = defineBlockType({
  content: z.object({
    items: z
      .array(z.object({ title: z.string().min(1).max(200), doc: richTextDocSchema }))
      .max(MAX_ACCORDION_ITEMS),
  }),
  options: z.object({ multiple: z.boolean().default(false) }),
  isLocalized: true,
  newContent: () => ({ items: [{ title: '', doc: emptyEditorDoc() }] }),
});

/** What visitors get: each panel's rich text rendered to HTML on the server. */
export type AccordionBlockData = { items: { title: string; html: string }[] };
