import { eq, sql } from 'drizzle-orm';
import type { LocalizedText } from '../../../common/localized-text.ts';
import type { Executor } from '../../db/client.ts';
import { listItems, listItemTypes } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../policies/index.ts';
import { runCommand } from '../write.ts';

type Writer = { db: Executor; actor: Actor };

/** Item types are shown in lists, filters and item pages: their changes are public. */

export async function createItemType(ctx: Writer, input: { name: string; label: LocalizedText }) {
  return runCommand(ctx, { action: 'itemType.create', scope: 'public', target: input.name }, async (tx) => {
    const [row] = await tx
      .insert(listItemTypes)
      .values({ name: input.name, label: input.label })
      .onConflictDoNothing()
      .returning();
    if (!row) {
      throw new AppError('conflict', 'an item type with this name exists', [
        { path: 'body/name', message: 'validation.duplicate' },
      ]);
    }
    return row;
  });
}

/** Only the labels change: the name is the key items and list filters use. */
export async function updateItemTypeLabel(ctx: Writer, name: string, label: LocalizedText) {
  return runCommand(ctx, { action: 'itemType.update', scope: 'public', target: name }, async (tx) => {
    const [row] = await tx
      .update(listItemTypes)
      .set({ label, updatedAt: new Date() })
      .where(eq(listItemTypes.name, name))
      .returning();
    if (!row) throw new AppError('not_found', 'item type not found');
    return row;
  });
}

/** Refused (409) while items use the type: deleting it would leave them without one. */
export async function deleteItemType(ctx: Writer, name: string) {
  await runCommand(ctx, { action: 'itemType.delete', scope: 'public', target: name }, async (tx) => {
    const [used] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(listItems)
      .where(eq(listItems.listItemTypeName, name));
    if ((used?.count ?? 0) > 0) {
      throw new AppError('conflict', `${used?.count} items use this item type`, [
        { path: 'items', message: 'validation.itemTypeInUse', params: { count: used?.count ?? 0 } },
      ]);
    }
    const [row] = await tx
      .delete(listItemTypes)
      .where(eq(listItemTypes.name, name))
      .returning({ name: listItemTypes.name });
    if (!row) throw new AppError('not_found', 'item type not found');
  });
}
