import { renderRichText } from '../rich-text.ts';
import type { ServerBlockType } from './define.ts';

export const notice: ServerBlockType<'notice'> = {
  // A notice with neither a title nor text shows nothing (edit mode shows its placeholder).
  prepare: ({ content, onError, link }) => {
    const title = content.title.trim();
    const html = renderRichText(content.doc, onError, link);
    return title === '' && html.replace(/<p><\/p>|\s/g, '') === '' ? null : { title, html };
  },
};
