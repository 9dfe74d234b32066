import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { buildingBlockInstances, forms, listItems } from '../../../db/schema.ts';
import { AppError } from '../../../errors.ts';
import { can } from '../../../policies/index.ts';
import { formPolicyOf } from '../../forms/queries.ts';
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
  /**
   * A block names only a form its editor already works on (issue 34): placing a form grants
   * nothing, so a form the editor may not use reads as missing (whether it exists is not told).
   * A block that already names the form keeps it, whoever saves the block (a content manager
   * changing the intro of an admin's form block on their page, publishing a draft that holds it).
   */
  async checkOptions(tx, { actor, blockGuid, options }) {
    if (options.formGuid === null) return options;
    const [found] = await tx
      .select({ id: forms.id, createdBy: forms.createdBy, settings: forms.settings })
      .from(forms)
      .where(eq(forms.id, options.formGuid))
      .limit(1);
    if (
      !found ||
      (!can(actor, 'form.update', formPolicyOf(found)) &&
        !(await namesAlready(tx, blockGuid, options.formGuid)))
    ) {
      throw new AppError('validation_failed', 'no such form', [
        { path: 'body/options/formGuid', message: 'validation.formMissing' },
      ]);
    }
    return options;
  },
};

/** Whether the stored block (on a page, or among an item's own blocks) names this form already. */
async function namesAlready(tx: Executor, blockGuid: string, formGuid: string): Promise<boolean> {
  const [onPage] = await tx
    .select({ id: buildingBlockInstances.id })
    .from(buildingBlockInstances)
    .where(
      and(
        eq(buildingBlockInstances.id, blockGuid),
        sql`${buildingBlockInstances.options}->>'formGuid' = ${formGuid}`,
      ),
    )
    .limit(1);
  if (onPage) return true;
  const [inItem] = await tx
    .select({ id: listItems.id })
    .from(listItems)
    .where(
      sql`${listItems.content} @> ${JSON.stringify([{ guid: blockGuid, options: { formGuid } }])}::jsonb`,
    )
    .limit(1);
  return inItem !== undefined;
}
