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
   * changing the intro of an admin's form block on their page or item, publishing a draft that
   * holds it).
   */
  async checkOptions(tx, { actor, blockGuid, options, itemGuid }) {
    if (options.formGuid === null) return options;
    const [found] = await tx
      .select({ id: forms.id, createdBy: forms.createdBy, settings: forms.settings })
      .from(forms)
      .where(eq(forms.id, options.formGuid))
      .limit(1);
    if (
      !found ||
      (!can(actor, 'form.update', formPolicyOf(found)) &&
        !(await namesAlready(tx, { blockGuid, formGuid: options.formGuid, itemGuid })))
    ) {
      throw new AppError('validation_failed', 'no such form', [
        { path: 'body/options/formGuid', message: 'validation.formMissing' },
      ]);
    }
    return options;
  },
};

/**
 * Whether the stored block names this form already: a page's block by its guid (a page block's
 * guid is never another page's: documents and new blocks are checked for that), an item's block
 * only within that same item (an item's block guids come from the client).
 */
async function namesAlready(
  tx: Executor,
  input: { blockGuid: string; formGuid: string; itemGuid: string | null | undefined },
): Promise<boolean> {
  const { blockGuid, formGuid, itemGuid } = input;
  if (itemGuid !== undefined) {
    if (itemGuid === null) return false;
    const [inItem] = await tx
      .select({ id: listItems.id })
      .from(listItems)
      .where(
        and(
          eq(listItems.id, itemGuid),
          sql`${listItems.content} @> ${JSON.stringify([{ guid: blockGuid, options: { formGuid } }])}::jsonb`,
        ),
      )
      .limit(1);
    return inItem !== undefined;
  }
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
  return onPage !== undefined;
}
