import type { BlockTypeName } from '../../../common/blocks/index.ts';
import type { BlockPermissions } from '../../../common/blocks/permissions.ts';
import type { LayoutPosition } from '../../../common/pages.ts';
import type { PageRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { authorize, can, ensureVisible } from '../../policies/index.ts';
import { type Ctx, requireUser } from '../context.ts';
import { findPageOrTemplate } from '../pages/queries.ts';
import * as commands from './commands.ts';
import { findBlocksOfType, findBlockWithPage } from './queries.ts';
import { presentBlock, presentBlockSummary } from './view.ts';

/**
 * Building blocks of pages and templates: the use-cases the routes call. A page (or block) the
 * actor may not see is not found; one they see but may not edit is forbidden; template blocks are
 * for admins (policy row 'block.edit').
 */

/** Blocks of one type on the pages the actor may see (e.g. the list blocks a widget can show). */
export async function listBlocksOfType(ctx: Ctx, name: BlockTypeName) {
  const rows = await findBlocksOfType(ctx.db, name);
  return rows
    .filter(({ page }) => can(ctx.actor, 'page.view', page))
    .map(({ block, page }) => presentBlockSummary(block, page, ctx.locale));
}

/** One block, visible when its page is. */
export async function getBlock(ctx: Ctx, guid: string) {
  const found = await findBlockWithPage(ctx.db, guid);
  if (!found) throw notFoundBlock();
  ensureVisible(ctx.actor, 'page.view', found.page, 'building block instance');
  return presentBlock(found.block);
}

const notFoundBlock = () => new AppError('not_found', 'building block instance not found');

/** A page or template the actor may edit the blocks of (drafts use it too). */
export async function editablePage(ctx: Ctx, pageId: string): Promise<PageRow> {
  requireUser(ctx);
  const page = await findPageOrTemplate(ctx.db, pageId);
  if (!page) throw new AppError('not_found', 'page not found');
  ensureVisible(ctx.actor, 'page.view', page, 'page');
  authorize(ctx.actor, 'block.edit', page);
  return page;
}

async function editableBlock(ctx: Ctx, guid: string) {
  requireUser(ctx);
  const found = await findBlockWithPage(ctx.db, guid);
  if (!found) throw notFoundBlock();
  ensureVisible(ctx.actor, 'page.view', found.page, 'building block instance');
  authorize(ctx.actor, 'block.edit', found.page);
  return found;
}

export async function createBlock(ctx: Ctx, pageId: string, block: commands.NewBlock) {
  const page = await editablePage(ctx, pageId);
  return presentBlock(await commands.addBlock(ctx, page, block));
}

export async function reorderBlocks(
  ctx: Ctx,
  pageId: string,
  input: { position: LayoutPosition; guids: string[] },
) {
  const page = await editablePage(ctx, pageId);
  const rows = await commands.reorderBlocks(ctx, { page, ...input });
  return rows.map(presentBlock);
}

export async function updateBlock(ctx: Ctx, guid: string, update: commands.BlockUpdate) {
  const { block, page } = await editableBlock(ctx, guid);
  return presentBlock(await commands.updateBlock(ctx, { page, block, update }));
}

/** Merges options into the stored ones (POST …/options). */
export async function mergeBlockOptions(ctx: Ctx, guid: string, options: Record<string, unknown>) {
  const { block, page } = await editableBlock(ctx, guid);
  return presentBlock(
    await commands.updateBlock(ctx, { page, block, update: { options }, mergeOptions: true }),
  );
}

export async function deleteBlock(ctx: Ctx, guid: string) {
  const { block, page } = await editableBlock(ctx, guid);
  await commands.deleteBlock(ctx, { page, block });
}

/** SPEC 6: who may add items to a list (or widget) block: admins (and page editors), roles, or users. */
export async function setBlockPermissions(ctx: Ctx, guid: string, permissions: BlockPermissions) {
  const { block, page } = await editableBlock(ctx, guid);
  if (block.buildingBlockName !== 'list' && block.buildingBlockName !== 'widget') {
    throw new AppError('validation_failed', 'only list and widget blocks take items', [
      { path: 'guid', message: 'validation.listOrWidget' },
    ]);
  }
  const stored: BlockPermissions = {
    addPermission: permissions.addPermission,
    // Roles only mean something in roles mode; keeping stale ones would surprise a later switch.
    addRoles: permissions.addPermission === 'roles' ? [...new Set(permissions.addRoles)] : [],
  };
  return presentBlock(await commands.setBlockPermissions(ctx, { page, block, permissions: stored }));
}
