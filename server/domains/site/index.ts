import { sql } from 'drizzle-orm';
import { AppError } from '../../errors.ts';
import { authorize } from '../../policies/index.ts';
import { type Ctx, requireUser } from '../context.ts';
import { runCommand } from '../write.ts';
import { findHeaderImage, listHeaderImageRows, presentHeaderImage } from './header-images.ts';

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
