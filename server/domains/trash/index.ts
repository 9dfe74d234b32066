import { notFound } from '../../errors.ts';
import { authorize } from '../../policies/index.ts';
import { type Ctx, requireUser } from '../context.ts';
import { userNames } from '../drafts/queries.ts';
import { purgeEntry, restoreEntry } from './commands.ts';
import { findEntries, findEntry } from './queries.ts';
import { presentEntry } from './view.ts';

/**
 * The trash (issue 26): deleted pages, list items, forms and menu items, kept 30 days. Deleting
 * puts them here (the delete commands of their domains); admins list, restore and purge.
 */

export async function listTrash(ctx: Ctx, query: Parameters<typeof findEntries>[1]) {
  authorize(ctx.actor, 'trash.manage');
  const { rows, total } = await findEntries(ctx.db, query);
  const names = await userNames(
    ctx.db,
    rows.map((row) => row.deletedBy),
  );
  return { items: rows.map((row) => presentEntry(row, names, ctx.locale)), total };
}

async function requireEntry(ctx: Ctx, id: string) {
  requireUser(ctx);
  authorize(ctx.actor, 'trash.manage');
  const entry = await findEntry(ctx.db, id);
  if (!entry) throw notFound('trash entry');
  return entry;
}

/** Writes the record back as it was; 409 when its place is gone or taken (the message says which). */
export async function restoreFromTrash(ctx: Ctx, id: string) {
  await restoreEntry(ctx, await requireEntry(ctx, id));
}

export async function purgeFromTrash(ctx: Ctx, id: string) {
  await purgeEntry(ctx, await requireEntry(ctx, id));
}
