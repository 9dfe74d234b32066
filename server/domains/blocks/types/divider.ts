import type { ServerBlockType } from './define.ts';

export const divider: ServerBlockType<'divider'> = {
  prepare: () => ({}),
};
