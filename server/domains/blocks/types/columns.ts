import type { ServerBlockType } from './define.ts';

/**
 * A columns block's own data is its shape; its columns' blocks are prepared like any block of the
 * page and put in by prepare.ts (`withChildrenInColumns`), which also leaves out a columns block
 * whose columns hold nothing.
 */
export const columns: ServerBlockType<'columns'> = {
  prepare: ({ options }) => ({
    count: options.count,
    widths: options.widths,
    columns: Array.from({ length: Number(options.count) }, () => []),
  }),
};
