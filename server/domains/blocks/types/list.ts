import type { ServerBlockType } from './define.ts';

/** A list's items depend on who asks and the URL: the lists domain fills them per request. */
export const list: ServerBlockType<'list'> = {
  prepare: () => null,
};
