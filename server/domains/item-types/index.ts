import type { LocalizedText } from '../../../common/localized-text.ts';
import { authorize } from '../../policies/index.ts';
import type { Ctx } from '../context.ts';
import { createItemType, deleteItemType, updateItemTypeLabel } from './commands.ts';
import { findItemType, type ItemTypeQuery, pageItemTypes } from './queries.ts';
import { presentItemType } from './view.ts';

/** Admin use-cases of item types (name = key, labels in nl and en). */

export async function itemTypeTable(ctx: Ctx, query: ItemTypeQuery) {
  authorize(ctx.actor, 'itemType.manage');
  const { rows, total } = await pageItemTypes(ctx.db, query, ctx.locale);
  return { items: rows.map((row) => presentItemType(row, ctx.locale)), total };
}

async function presentByName(ctx: Ctx, name: string) {
  const row = await findItemType(ctx.db, name);
  if (!row) throw new Error(`item type ${name} vanished after its write`);
  return presentItemType(row, ctx.locale);
}

export async function addItemType(ctx: Ctx, input: { name: string; label: LocalizedText }) {
  authorize(ctx.actor, 'itemType.manage');
  await createItemType(ctx, input);
  return presentByName(ctx, input.name);
}

export async function changeItemType(ctx: Ctx, name: string, label: LocalizedText) {
  authorize(ctx.actor, 'itemType.manage');
  await updateItemTypeLabel(ctx, name, label);
  return presentByName(ctx, name);
}

export async function removeItemType(ctx: Ctx, name: string) {
  authorize(ctx.actor, 'itemType.manage');
  await deleteItemType(ctx, name);
}
