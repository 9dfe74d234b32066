import { eq } from 'drizzle-orm';
import { forms } from '../../../db/schema.ts';
import { AppError } from '../../../errors.ts';
import type { ServerBlockType } from './define.ts';

/**
 * The form's questions, availability and the visitor's barrier depend on who asks and the clock:
 * the forms domain fills `form` per request (site services); here only the block's texts.
 */
export const form: ServerBlockType<'form'> = {
  prepare: ({ content, options }) => ({
    title: content.title,
    intro: content.intro,
    formGuid: options.formGuid,
    form: null,
  }),
  async checkOptions(tx, { options }) {
    if (options.formGuid === null) return options;
    const [found] = await tx
      .select({ id: forms.id })
      .from(forms)
      .where(eq(forms.id, options.formGuid))
      .limit(1);
    if (!found) {
      throw new AppError('validation_failed', 'no such form', [
        { path: 'body/options/formGuid', message: 'validation.formMissing' },
      ]);
    }
    return options;
  },
};
