import { renderRichText } from '../rich-text.ts';
import type { ServerBlockType } from './define.ts';

export const text: ServerBlockType<'text'> = {
  prepare: ({ content, onError, link }) => ({ html: renderRichText(content.doc, onError, link) }),
};
