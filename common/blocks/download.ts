import { z } from 'zod';
import type { DocumentFormat, DocumentLanguage } from '../media.ts';
import { defineBlockType } from './define.ts';

/** At most this many documents in one download block. */
export const DOWNLOAD_MAX_DOCUMENTS = 30;

export const downloadBlock = defineBlockType({
  /** A heading above the list, per language (optional). */
  content: z.object({
    title: z.string().trim().max(200).default(''),
  }),
  options: z.object({
    /** Library document guids (issue 27) in the order shown; each named once. */
    documentGuids: z
      .array(z.uuid().transform((guid) => guid.toLowerCase()))
      .max(DOWNLOAD_MAX_DOCUMENTS)
      .default([])
      .refine((guids) => new Set(guids).size === guids.length, { message: 'validation.duplicate' }),
  }),
  isLocalized: true,
  newContent: () => ({ title: '' }),
});

/** One document of a download block as visitors get it. */
export type DownloadFile = {
  guid: string;
  /** The document itself (`/a/{guid}?v=`): inline for a PDF, an attachment for the rest. */
  url: string;
  title: string;
  format: DocumentFormat;
  /** Bytes; the view shows it as SPEC 9 says (formatFileSize). */
  size: number;
  language: DocumentLanguage;
  /** A PDF's first page (a small image), null for other documents (the view shows a type icon). */
  thumbnail: string | null;
};

/** What visitors get: the heading and every document still in the library, in the editor's order. */
export type DownloadBlockData = { title: string; files: DownloadFile[] };
