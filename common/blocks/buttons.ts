import { z } from 'zod';
import { linkSchema } from '../url-schemas.ts';
import { defineBlockType } from './define.ts';

export const BUTTON_VARIANTS = ['filled', 'outline', 'light'] as const;
export const BUTTON_ALIGNMENTS = ['left', 'center', 'right'] as const;
export const MAX_BUTTONS = 12;

export const buttonsBlock = defineBlockType({
  content: z.object({
    buttons: z
      .array(
        z.object({
          label: z.string().min(1).max(120),
          href: linkSchema,
          variant: z.enum(BUTTON_VARIANTS).default('filled'),
        }),
      )
      .max(MAX_BUTTONS),
  }),
  options: z.object({ align: z.enum(BUTTON_ALIGNMENTS).default('left') }),
  isLocalized: true,
  newContent: () => ({ buttons: [{ label: '', href: '', variant: 'filled' as const }] }),
});

export type ButtonsBlockData = z.infer<typeof buttonsBlock.content>;
