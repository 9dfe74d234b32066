import type { ServerBlockType } from './define.ts';

export const callToAction: ServerBlockType<'callToAction'> = {
  // As the buttons block: a button whose page or item is gone or unpublished goes nowhere (`#`)
  // rather than to a 404. Without a title (only stored before the schema asked for one) nothing shows.
  prepare: ({ content, link }) => {
    const title = content.title.trim();
    if (title === '') return null;
    return {
      title,
      text: content.text.trim(),
      buttons: content.buttons.map((button) => ({ label: button.label, href: link(button.href) ?? '#' })),
    };
  },
};
