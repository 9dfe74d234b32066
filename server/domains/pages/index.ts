import { createHash } from 'node:crypto';
import type { Executor } from '../../db/client.ts';
import type { PageRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { type Actor, authorize, can, ensureVisible } from '../../policies/index.ts';
import { loadBlocks } from '../blocks/queries.ts';
import { contentVersion } from '../cache.ts';
import { type Ctx, requireUser } from '../context.ts';
import { getListPage } from '../lists/index.ts';
import { toListContext } from '../lists/lists.ts';
import { type PageSettingsUpdate, updatePageSettings } from './commands.ts';
import { findPage, listPages } from './queries.ts';
import { presentPage } from './view.ts';

/**
 * Pages and templates: the use-cases routes and the site façade call. Each authorises, reads or
 * writes through queries and commands, and presents.
 */

/** The pages the actor may see, optionally with their blocks (of some types only). */
export async function listVisiblePages(
  ctx: Ctx,
  input: { includeBlocks: boolean; blockNames?: string[] | undefined },
) {
  const rows = (await listPages(ctx.db)).filter((page) => can(ctx.actor, 'page.view', page));
  const blocks = input.includeBlocks
    ? await loadBlocks(
        ctx.db,
        rows.map((page) => page.id),
        input.blockNames,
      )
    : [];
  return rows.map((page) =>
    presentPage(
      page,
      ctx.actor,
      ctx.locale,
      input.includeBlocks ? blocks.filter((block) => block.pageId === page.id) : undefined,
    ),
  );
}

async function requireVisiblePage(
  ctx: Ctx,
  where: { id: string } | { name: string },
  kind: 'page' | 'template',
) {
  const page = await findPage(ctx.db, where, kind);
  if (!page) throw notFoundPage(kind);
  ensureVisible(ctx.actor, 'page.view', page, kind === 'page' ? 'page' : 'page template');
  return page;
}

const notFoundPage = (kind: 'page' | 'template') =>
  new AppError('not_found', `${kind === 'page' ? 'page' : 'page template'} not found`);

export async function getPageByName(ctx: Ctx, name: string) {
  const page = await requireVisiblePage(ctx, { name }, 'page');
  return presentPage(page, ctx.actor, ctx.locale, await loadBlocks(ctx.db, [page.id]));
}

export async function getTemplate(ctx: Ctx, id: string) {
  const template = await requireVisiblePage(ctx, { id }, 'template');
  return presentPage(template, ctx.actor, ctx.locale, await loadBlocks(ctx.db, [template.id]));
}

/**
 * One page with its blocks and, per list block, how many items it shows the actor (SPEC 7), and
 * its `cache-token`: a digest of what it answers and of the content version, so it changes
 * whenever the page or anything public changes.
 */
export async function getPage(ctx: Ctx, id: string) {
  const page = await requireVisiblePage(ctx, { id }, 'page');
  const [blocks, version] = await Promise.all([loadBlocks(ctx.db, [page.id]), contentVersion(ctx.db)]);
  const totals = await Promise.all(
    blocks
      .filter((block) => block.buildingBlockName === 'list')
      .map(async (block) => {
        const list = await getListPage(ctx.db, {
          actor: ctx.actor,
          list: toListContext(block, page),
          query: { itemCount: 1 },
          locale: ctx.locale,
          pagePaths: new Map(),
        });
        return [block.id, { totalNumberOfItems: list.totalNumberOfItems }] as const;
      }),
  );
  const body = {
    page: presentPage(page, ctx.actor, ctx.locale, blocks),
    listMetadata: Object.fromEntries(totals),
  };
  return { body, cacheToken: cacheToken(body, version) };
}

function cacheToken(body: unknown, version: string): string {
  return createHash('sha256').update(JSON.stringify(body)).update(version).digest('base64url').slice(0, 22);
}

/** Changes a page's settings: those who may edit it (a page they cannot see is not found). */
export async function updatePage(ctx: Ctx, id: string, update: PageSettingsUpdate) {
  requireUser(ctx);
  const page = await requireVisiblePage(ctx, { id }, 'page');
  authorize(ctx.actor, 'page.update', page);
  const saved = await updatePageSettings(ctx, page, update);
  return presentPage(saved, ctx.actor, ctx.locale, await loadBlocks(ctx.db, [saved.id]));
}

/** A page the actor may see, or undefined: for the site's server rendering (unknown and hidden alike). */
export async function findVisiblePage(
  db: Executor,
  actor: Actor,
  where: { id: string } | { name: string },
  kind: PageRow['kind'] = 'page',
): Promise<PageRow | undefined> {
  const page = await findPage(db, where, kind);
  return page && can(actor, 'page.view', page) ? page : undefined;
}
