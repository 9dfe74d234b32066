import { sql } from 'drizzle-orm';
import type { HeaderImageRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { authorize } from '../../policies/index.ts';
import { type Ctx, requireUser } from '../context.ts';
import { runCommand } from '../write.ts';
import {
  createHeaderImage,
  deleteHeaderImage,
  findHeaderImage,
  type HeaderImageInput,
  type HeaderImageQuery,
  listHeaderImageRows,
  pageHeaderImageRows,
  pagesShowingHeaderImages,
  presentHeaderImage,
  presentHeaderImageForAdmin,
  updateHeaderImage,
} from './header-images.ts';

/** The site's shared parts: header images and the visitors' caches. */

export async function listHeaderImages(ctx: Ctx) {
  return (await listHeaderImageRows(ctx.db)).map((row) => presentHeaderImage(row, ctx.locale));
}

export async function getHeaderImage(ctx: Ctx, guid: string) {
  const row = await findHeaderImage(ctx.db, guid);
  if (!row) throw new AppError('not_found', 'header image not found');
  return presentHeaderImage(row, ctx.locale);
}

/**
 * SPEC 7: `DELETE /cache_invalidate` with `{ index }` (the client's description of a cached call; it
 * sends a public and a non-public variant). Visitors' views are kept per content version, so any
 * index drops every public view at once, on every node: moving the version is the invalidation.
 */
export async function invalidateVisitorCaches(ctx: Ctx, index: string): Promise<void> {
  requireUser(ctx);
  authorize(ctx.actor, 'cache.invalidate');
  await runCommand(
    ctx,
    { action: 'cache.invalidate', scope: 'public', target: null, data: { index } },
    async (tx) => {
      await tx.execute(sql`UPDATE content_version SET version = version + 1 WHERE id = 1`);
    },
  );
}

// Admin (issue 10): header images table and writes.

export async function headerImageTable(ctx: Ctx, query: HeaderImageQuery) {
  authorize(ctx.actor, 'headerImage.manage');
  const { rows, total } = await pageHeaderImageRows(ctx.db, query, ctx.locale);
  const usedBy = await pagesShowingHeaderImages(
    ctx.db,
    rows.map((row) => row.id),
  );
  return {
    items: rows.map((row) => presentHeaderImageForAdmin(row, usedBy.get(row.id) ?? [], ctx.locale)),
    total,
  };
}

async function presentForAdmin(ctx: Ctx, row: HeaderImageRow) {
  const usedBy = await pagesShowingHeaderImages(ctx.db, [row.id]);
  return presentHeaderImageForAdmin(row, usedBy.get(row.id) ?? [], ctx.locale);
}

export async function addHeaderImage(ctx: Ctx, input: HeaderImageInput) {
  authorize(ctx.actor, 'headerImage.manage');
  return presentForAdmin(ctx, await createHeaderImage(ctx, input));
}

export async function changeHeaderImage(ctx: Ctx, guid: string, input: HeaderImageInput) {
  authorize(ctx.actor, 'headerImage.manage');
  return presentForAdmin(ctx, await updateHeaderImage(ctx, guid, input));
}

export async function removeHeaderImage(ctx: Ctx, guid: string) {
  authorize(ctx.actor, 'headerImage.manage');
  await deleteHeaderImage(ctx, guid);
}
