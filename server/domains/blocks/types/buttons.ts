import type { ServerBlockType } from './define.ts';

export const buttons: ServerBlockType<'buttons'> = {
  prepare: ({ content }) => content,
};
