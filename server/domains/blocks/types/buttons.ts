import type { ServerBlockType } from './define.ts';

export const buttons: ServerBlockType<'buttons'> = {
  // A button whose page or item is gone or unpublished goes nowhere (`#`) rather than to a 404.
  prepare: ({ content, link }) => ({
    buttons: content.buttons.map((button) => ({ ...button, href: link(button.href) ?? '#' })),
  }),
};
