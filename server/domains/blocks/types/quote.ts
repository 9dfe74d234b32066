import type { ServerBlockType } from './define.ts';

export const quote: ServerBlockType<'quote'> = {
  // A quote without words shows nothing (edit mode shows its placeholder).
  prepare: ({ content }) => {
    const text = content.text.trim();
    return text === '' ? null : { text, caption: content.caption.trim() };
  },
};
