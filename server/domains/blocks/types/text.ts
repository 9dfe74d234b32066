import { renderRichText } from '../rich-text.ts';
import type { ServerBlockType } from './define.ts';

export const text: ServerBlockType<'text'> = {
  prepare: ({ content, onError }) => ({ html: renderRichText(content.doc, onError) }),
};
