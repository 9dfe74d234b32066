import { z } from 'zod';
import { defineBlockType } from './define.ts';
import { emptyEditorDoc, richTextDocSchema } from './rich-text.ts';

export const textBlock = defineBlockType({
  content: z.object({ doc: richTextDocSchema }),
  options: z.object({}),
  isLocalized: true,
  newContent: () => ({ doc: emptyEditorDoc() }),
});

/** What visitors get: the rich text rendered to HTML on the server. */
export type TextBlockData = { html: string };
