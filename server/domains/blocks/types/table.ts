import type { ServerBlockType } from './define.ts';

export const table: ServerBlockType<'table'> = {
  // A table whose cells are all empty shows nothing (edit mode shows its placeholder). Empty cells
  // and rows of a filled table stay: they are part of its grid.
  prepare: ({ content }) => {
    const rows = content.rows.map((row) => row.map((cell) => cell.text.trim()));
    if (rows.every((row) => row.every((cell) => cell === ''))) return null;
    return { caption: content.caption.trim(), rows };
  },
};
