import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  LAYOUT_COLUMNS,
  type LayoutPosition,
  type PageLayout,
  type PageOption,
} from '../../../common/pages.ts';
import type { Transaction } from '../../db/client.ts';
import { type BlockRow, buildingBlockInstances, type PageRow, pages } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { nextSortId, SORT_STEP } from '../blocks/queries.ts';
import type { Ctx } from '../context.ts';
import { contentScope, runCommand } from '../write.ts';

export type PageSettingsUpdate = {
  titleTranslations?: { nl: string; en?: string | undefined } | undefined;
  isPublished?: boolean | undefined;
  layout?: PageLayout | undefined;
  options?: PageOption[] | undefined;
  /**
   * Where the blocks go of side columns the new layout does not show; without it they stay where
   * they are (in the data, shown again when a layout with that column returns).
   */
  moveHiddenBlocksTo?: LayoutPosition | undefined;
};

/** The side columns a layout change hides. */
export function hiddenColumns(from: PageLayout, to: PageLayout): LayoutPosition[] {
  const hidden: LayoutPosition[] = [];
  if (LAYOUT_COLUMNS[from].left && !LAYOUT_COLUMNS[to].left) hidden.push('left');
  if (LAYOUT_COLUMNS[from].right && !LAYOUT_COLUMNS[to].right) hidden.push('right');
  return hidden;
}

/** Whether a layout shows blocks at a position. */
export function showsPosition(layout: PageLayout, position: LayoutPosition): boolean {
  if (position === 'left') return LAYOUT_COLUMNS[layout].left;
  if (position === 'right') return LAYOUT_COLUMNS[layout].right;
  return true;
}

/** Changes a page's own settings (and, with a layout change, may move the blocks it would hide). */
export async function updatePageSettings(
  ctx: Pick<Ctx, 'db' | 'actor'>,
  page: PageRow,
  update: PageSettingsUpdate,
): Promise<PageRow> {
  const layout = update.layout ?? page.layout;
  const target = update.moveHiddenBlocksTo;
  if (target && !showsPosition(layout, target)) {
    throw new AppError('validation_failed', 'the layout does not show that position', [
      { path: 'moveHiddenBlocksTo', message: 'validation.position' },
    ]);
  }
  const fields = Object.keys(update).filter(
    (key) => update[key as keyof PageSettingsUpdate] !== undefined && key !== 'moveHiddenBlocksTo',
  );
  let moved: string[] = [];
  return runCommand(
    ctx,
    {
      action: 'page.update',
      scope: contentScope(page.isPublished, update.isPublished ?? page.isPublished),
      target: page.id,
      data: () => ({ fields, ...(moved.length > 0 ? { movedBlocks: moved } : {}) }),
    },
    async (tx) => {
      const [saved] = await tx
        .update(pages)
        .set({
          ...(update.titleTranslations
            ? {
                title: {
                  nl: update.titleTranslations.nl,
                  ...(update.titleTranslations.en ? { en: update.titleTranslations.en } : {}),
                },
              }
            : {}),
          ...(update.isPublished !== undefined ? { isPublished: update.isPublished } : {}),
          ...(update.layout ? { layout: update.layout } : {}),
          ...(update.options ? { options: update.options } : {}),
          updatedAt: new Date(),
        })
        .where(eq(pages.id, page.id))
        .returning();
      if (target) moved = await moveBlocks(tx, page.id, hiddenColumns(page.layout, layout), target);
      return saved ?? page;
    },
  );
}

/** Appends the blocks at `from` positions, in their order, to the end of `to`. */
async function moveBlocks(
  tx: Transaction,
  pageId: string,
  from: LayoutPosition[],
  to: LayoutPosition,
): Promise<string[]> {
  if (from.length === 0) return [];
  const rows: Pick<BlockRow, 'id'>[] = await tx
    .select({ id: buildingBlockInstances.id })
    .from(buildingBlockInstances)
    .where(
      and(eq(buildingBlockInstances.pageId, pageId), inArray(buildingBlockInstances.layoutPosition, from)),
    )
    .orderBy(asc(buildingBlockInstances.layoutPosition), asc(buildingBlockInstances.sortId));
  const start = await nextSortId(tx, pageId, to);
  const now = new Date();
  for (const [index, row] of rows.entries()) {
    await tx
      .update(buildingBlockInstances)
      .set({ layoutPosition: to, sortId: start + index * SORT_STEP, updatedAt: now })
      .where(eq(buildingBlockInstances.id, row.id));
  }
  return rows.map((row) => row.id);
}
