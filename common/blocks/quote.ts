import { z } from 'zod';
import { defineBlockType } from './define.ts';

export const MAX_QUOTE_LENGTH = 1000;
export const MAX_QUOTE_SOURCE_LENGTH = 200;

/**
 * A quotation and who said it. Plain text (its line breaks kept), no rich text: a quote is words,
 * not a layout. The source is stored as `caption`, the key the search index reads (search_plain_text
 * takes title, label, text, caption and alt), and the view shows it as the figure's caption.
 */
export const quoteBlock = defineBlockType({
  content: z.object({
    text: z.string().min(1).max(MAX_QUOTE_LENGTH),
    caption: z.string().max(MAX_QUOTE_SOURCE_LENGTH).default(''),
  }),
  options: z.object({}),
  isLocalized: true,
  newContent: () => ({ text: '', caption: '' }),
});

/** What visitors get: the quote and its source ('' when none), trimmed. */
export type QuoteBlockData = { text: string; caption: string };
