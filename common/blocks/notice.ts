import { z } from 'zod';
import { defineBlockType } from './define.ts';
import { emptyEditorDoc, richTextDocSchema } from './rich-text.ts';

export const NOTICE_KINDS = ['info', 'warning', 'success'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];
export const MAX_NOTICE_TITLE_LENGTH = 200;

/** A highlighted message on a page (road closed, registration open): an optional title and rich text. */
export const noticeBlock = defineBlockType({
  content: z.object({
    title: z.string().max(MAX_NOTICE_TITLE_LENGTH).default(''),
    doc: richTextDocSchema,
  }),
  options: z.object({ kind: z.enum(NOTICE_KINDS).default('info') }),
  isLocalized: true,
  newContent: () => ({ title: '', doc: emptyEditorDoc() }),
});

/** What visitors get: the title ('' when none) and the rich text rendered to HTML on the server. */
export type NoticeBlockData = { title: string; html: string };
