import { pickLocale } from '../../../common/localized-text.ts';
import type { DraftBlock } from '../../../common/page-drafts.ts';
import type { PageRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { authorize } from '../../policies/index.ts';
import { editablePage } from '../blocks/index.ts';
import { loadBlocks } from '../blocks/queries.ts';
import { type Ctx, requireUser } from '../context.ts';
import { documentOf } from '../drafts/document.ts';
import { copyBlockAndItsColumns, copyOfBlock } from '../drafts/index.ts';
import { loadPagePaths } from '../lists/paths.ts';
import { createTemplate } from './commands.ts';
import { findPage, findPagesUsingReusableBlock, listTemplates } from './queries.ts';
import { presentReusableBlock, presentReusableBlockUse } from './view.ts';

/**
 * Reusable blocks (issue 31): templates of kind `block`, edited in the template editor with drafts,
 * publishing and history, placed on pages by `reusable` blocks (blocks/types/reusable.ts) and shown
 * there as their published blocks (pages/site.ts). Admins make, rename and delete them
 * (`pageTemplate.manage`); those who place blocks see them, where they are used, and detach one.
 */

/**
 * What cannot become a reusable block: lists and widgets own their items; one reusable block cannot
 * hold another. (A columns block becomes one with the blocks in its columns.)
 */
const NOT_REUSABLE = new Set(['list', 'widget', 'reusable']);

async function requireReusableBlock(ctx: Ctx, id: string): Promise<PageRow> {
  const template = await findPage(ctx.db, { id }, 'template');
  if (template?.templateKind !== 'block') {
    throw new AppError('not_found', 'reusable block not found');
  }
  return template;
}

/** Every reusable block by title, with the number of pages that place it. */
export async function listReusableBlocks(ctx: Ctx) {
  authorize(ctx.actor, 'reusableBlock.place');
  const templates = (await listTemplates(ctx.db)).filter((template) => template.templateKind === 'block');
  return Promise.all(
    templates.map(async (template) =>
      presentReusableBlock(template, (await findPagesUsingReusableBlock(ctx.db, template.id)).length),
    ),
  );
}

/** Where a reusable block is placed: the pages and templates, published or in a draft, with their edit links. */
export async function reusableBlockUses(ctx: Ctx, id: string) {
  authorize(ctx.actor, 'reusableBlock.place');
  const template = await requireReusableBlock(ctx, id);
  const [uses, paths] = await Promise.all([
    findPagesUsingReusableBlock(ctx.db, template.id),
    loadPagePaths(ctx.db, ctx.locale),
  ]);
  return {
    ...presentReusableBlock(template, uses.length),
    pages: uses.map((page) =>
      presentReusableBlockUse(page, pickLocale(page.title, ctx.locale), paths.get(page.id) ?? null),
    ),
  };
}

/**
 * "Opslaan als herbruikbaar blok": a new reusable block named `title` holding a copy of the block
 * (as the draft of its page has it; a columns block with the blocks in its columns), published.
 * The page still holds its own block: the editor replaces it (and the blocks in its columns) in the
 * draft by a `reusable` block naming the new one.
 */
export async function createReusableBlock(
  ctx: Ctx,
  input: { title: { nl: string; en?: string | undefined }; page: string; block: string },
) {
  requireUser(ctx);
  authorize(ctx.actor, 'pageTemplate.manage');
  const copies = await copyBlockAndItsColumns(ctx, input.page, input.block);
  const copy = copies[0];
  if (!copy || NOT_REUSABLE.has(copy.name)) {
    throw new AppError('validation_failed', 'this block cannot become a reusable block', [
      { path: 'block', message: 'validation.notReusable' },
    ]);
  }
  const template = await createTemplate(ctx, {
    title: input.title,
    templateKind: 'block',
    blocks: copies.map((block) => ({ ...block, position: 'main' as const })),
  });
  return presentReusableBlock(template, 0);
}

/**
 * "Loskoppelen": copies of the reusable block's published blocks for the draft of page `pageId`
 * (new guids, images recorded again, as "Dupliceren" copies), which the editor puts in place of
 * the `reusable` block (at its position). Nothing is saved here.
 */
export async function copiesOfReusableBlock(ctx: Ctx, id: string, pageId: string): Promise<DraftBlock[]> {
  await editablePage(ctx, pageId);
  authorize(ctx.actor, 'reusableBlock.place');
  const template = await requireReusableBlock(ctx, id);
  const blocks = documentOf(template, await loadBlocks(ctx.db, [template.id])).blocks;
  const copies: DraftBlock[] = [];
  const newGuids = new Map<string, string>();
  for (const block of blocks) {
    if (block.name === 'reusable') continue;
    const copy = await copyOfBlock(ctx, block);
    newGuids.set(block.guid, copy.guid);
    copies.push(block.parent ? { ...copy, parent: block.parent } : copy);
  }
  // A block in a column of a columns block (issue 31) goes with the copy of that block.
  return copies.map((copy) => {
    const parentGuid = copy.parent ? newGuids.get(copy.parent.guid) : undefined;
    return copy.parent && parentGuid ? { ...copy, parent: { ...copy.parent, guid: parentGuid } } : copy;
  });
}
