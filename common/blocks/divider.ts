import { z } from 'zod';
import { defineBlockType } from './define.ts';

export const DIVIDER_VARIANTS = ['solid', 'dashed', 'dotted', 'space'] as const;
export const DIVIDER_SIZES = ['xs', 'sm', 'md', 'lg', 'xl'] as const;

export const dividerBlock = defineBlockType({
  content: z.object({}),
  options: z.object({
    variant: z.enum(DIVIDER_VARIANTS).default('solid'),
    size: z.enum(DIVIDER_SIZES).default('md'),
  }),
  isLocalized: false,
  newContent: () => ({}),
});

/** A divider shows only its options. */
export type DividerBlockData = Record<string, never>;
