import { inArray } from 'drizzle-orm';
import { TOP_LEVEL_MENU } from '../../../common/site.ts';
import { isSitePath } from '../../../common/urls.ts';
import type { Executor } from '../../db/client.ts';
import { redirects } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { authorize } from '../../policies/index.ts';
import { type Ctx, requireUser } from '../context.ts';
import { menuPaths } from '../menus/paths.ts';
import { menuRows } from '../menus/queries.ts';
import { createRedirect, deleteRedirect, type RedirectInput, updateRedirect } from './commands.ts';
import { findRedirect, findRedirects, type RedirectSortKey } from './queries.ts';
import { presentRedirect, redirectCandidates } from './view.ts';

/** Redirects: the admin table and its writes (admins), and the lookup the site does for an unknown path. */

export async function listRedirects(
  ctx: Ctx,
  query: {
    page: number;
    pageSize: number;
    sortBy: RedirectSortKey;
    sortDirection: 'asc' | 'desc';
    search?: string | undefined;
  },
) {
  authorize(ctx.actor, 'redirect.manage');
  const { rows, total } = await findRedirects(ctx.db, query);
  return { items: rows.map((row) => presentRedirect(row.redirect, row)), total };
}

/** A path the top-level menu serves cannot be redirected: the page would always win. */
async function assertNotServed(db: Executor, fromPath: string) {
  const paths = new Set(menuPaths(await menuRows(db, TOP_LEVEL_MENU)).values());
  if (paths.has(fromPath)) {
    throw new AppError('conflict', 'a menu item serves this path', [
      { path: 'body/fromPath', message: 'validation.pathInUse' },
    ]);
  }
}

export async function addRedirect(ctx: Ctx, input: RedirectInput) {
  requireUser(ctx);
  authorize(ctx.actor, 'redirect.manage');
  await assertNotServed(ctx.db, input.fromPath);
  return presentRedirect(await createRedirect(ctx, input));
}

export async function changeRedirect(ctx: Ctx, id: string, input: RedirectInput) {
  requireUser(ctx);
  authorize(ctx.actor, 'redirect.manage');
  if (!(await findRedirect(ctx.db, id))) throw new AppError('not_found', 'redirect not found');
  await assertNotServed(ctx.db, input.fromPath);
  return presentRedirect(await updateRedirect(ctx, id, input));
}

export async function removeRedirect(ctx: Ctx, id: string) {
  requireUser(ctx);
  authorize(ctx.actor, 'redirect.manage');
  await deleteRedirect(ctx, id);
}

/**
 * Where an unknown path moved to (for the site, everyone): the redirect's target and the suffix
 * (`/edit`, `/i/…`) the request had beyond the redirected path, or null. redirectLocation makes the
 * 301's location of it.
 */
export async function findMovedPath(
  db: Executor,
  path: string,
): Promise<{ toPath: string; suffix: string } | null> {
  // Only a site path can be a redirect's source (the request's decoded path may hold anything, a
  // NUL byte that the database refuses included).
  const candidates = redirectCandidates(path).filter((candidate) => isSitePath(candidate.fromPath));
  if (candidates.length === 0) return null;
  const rows = await db
    .select()
    .from(redirects)
    .where(
      inArray(
        redirects.fromPath,
        candidates.map((candidate) => candidate.fromPath),
      ),
    );
  for (const candidate of candidates) {
    const row = rows.find((entry) => entry.fromPath === candidate.fromPath);
    if (row) return { toPath: row.toPath, suffix: candidate.suffix };
  }
  return null;
}
