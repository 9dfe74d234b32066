import { z } from 'zod';
import type { PublicFormView } from '../forms/public.ts';
import { defineBlockType } from './define.ts';

/**
 * A form placed on a page (issue 11). The block names the form; the title and intro above it are
 * the block's own, per language. What the visitor can fill in comes from the form's current version.
 */
export const formBlock = defineBlockType({
  content: z.object({
    title: z.string().trim().max(200).default(''),
    intro: z.string().trim().max(2000).default(''),
  }),
  options: z.object({ formGuid: z.uuid({ message: 'validation.guid' }).nullable().default(null) }),
  isLocalized: true,
  newContent: () => ({ title: '', intro: '' }),
});

/**
 * What visitors get: the block's texts, and the form as it stands for this visitor at this moment
 * (filled per request: who asks and the clock decide whether it is open to them). `form` is null
 * when the form was deleted or never published.
 */
export type FormBlockData = {
  title: string;
  intro: string;
  formGuid: string | null;
  form: PublicFormView | null;
  /** The session's XSRF token for the HTML form (signed-in visitors; the page is then never shared). */
  xsrf?: string | undefined;
  /**
   * How the page is shown (issue 26): `edit` in edit mode (the form as a preview, its inputs
   * disabled), `preview` through a preview link (usable, but the server refuses the submission).
   */
  mode?: 'edit' | 'preview' | undefined;
};
