import { renderRichText } from '../rich-text.ts';
import type { ServerBlockType } from './define.ts';

export const accordion: ServerBlockType<'accordion'> = {
  prepare: ({ content, onError, link }) => ({
    items: content.items.map((item) => ({
      title: item.title,
      html: renderRichText(item.doc, onError, link),
    })),
  }),
};
