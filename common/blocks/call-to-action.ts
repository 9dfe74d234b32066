import { z } from 'zod';
import { linkSchema } from '../url-schemas.ts';
import { defineBlockType } from './define.ts';

export const CALL_TO_ACTION_BACKGROUNDS = ['primary', 'light', 'none'] as const;
export const MAX_CALL_TO_ACTION_BUTTONS = 2;
export const MAX_CALL_TO_ACTION_TEXT_LENGTH = 1000;

/**
 * A title, a short text and one or two buttons (the first the main action, the second a secondary
 * one). The buttons are the buttons block's: a label and a link by the one link rule (`linkSchema`,
 * which also takes `page:`/`item:` references from the link picker).
 */
export const callToActionBlock = defineBlockType({
  content: z.object({
    title: z.string().min(1).max(200),
    text: z.string().max(MAX_CALL_TO_ACTION_TEXT_LENGTH).default(''),
    buttons: z
      .array(z.object({ label: z.string().min(1).max(120), href: linkSchema }))
      .min(1)
      .max(MAX_CALL_TO_ACTION_BUTTONS),
  }),
  options: z.object({ background: z.enum(CALL_TO_ACTION_BACKGROUNDS).default('light') }),
  isLocalized: true,
  newContent: () => ({ title: '', text: '', buttons: [{ label: '', href: '' }] }),
});

/** What visitors get: the texts, and each button's link resolved (`#` when its page is gone). */
export type CallToActionBlockData = {
  title: string;
  text: string;
  buttons: { label: string; href: string }[];
};
