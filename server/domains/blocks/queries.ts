import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';
import type { DraftBlock } from '../../../common/page-drafts.ts';
import type { LayoutPosition } from '../../../common/pages.ts';
import { type Executor, preparedPer } from '../../db/client.ts';
import { type BlockRow, buildingBlockInstances, type PageRow, pages } from '../../db/schema.ts';

/** Reads of building blocks: no decisions, no presentation. */

/** Every render reads the blocks of the page and of its templates: prepared once. */
const blocksOfPages = preparedPer((db) =>
  db
    .select()
    .from(buildingBlockInstances)
    .where(sql`${buildingBlockInstances.pageId} = ANY(${sql.placeholder('pageIds')}::uuid[])`)
    .orderBy(asc(buildingBlockInstances.layoutPosition), asc(buildingBlockInstances.sortId))
    .prepare('blocks_of_pages'),
);

/** The blocks of pages (or templates), by layout position and order; optionally of some types only. */
export async function loadBlocks(db: Executor, pageIds: string[], names?: string[]): Promise<BlockRow[]> {
  if (pageIds.length === 0) return [];
  if (!names?.length) return blocksOfPages(db).execute({ pageIds });
  const conditions = [inArray(buildingBlockInstances.pageId, pageIds)];
  if (names?.length) conditions.push(inArray(buildingBlockInstances.buildingBlockName, names));
  return db
    .select()
    .from(buildingBlockInstances)
    .where(and(...conditions))
    .orderBy(asc(buildingBlockInstances.layoutPosition), asc(buildingBlockInstances.sortId));
}

/** A block with the page (or template) it sits on; undefined when the block is unknown or on no page. */
export async function findBlockWithPage(
  db: Executor,
  guid: string,
): Promise<{ block: BlockRow; page: PageRow } | undefined> {
  const [row] = await db
    .select({ block: buildingBlockInstances, page: pages })
    .from(buildingBlockInstances)
    .innerJoin(pages, eq(pages.id, buildingBlockInstances.pageId))
    .where(eq(buildingBlockInstances.id, guid))
    .limit(1);
  return row;
}

/** Blocks of one type with their pages (not templates), for pickers such as a widget's source list. */
export async function findBlocksOfType(
  db: Executor,
  name: string,
): Promise<{ block: BlockRow; page: PageRow }[]> {
  return db
    .select({ block: buildingBlockInstances, page: pages })
    .from(buildingBlockInstances)
    .innerJoin(pages, eq(pages.id, buildingBlockInstances.pageId))
    .where(and(eq(buildingBlockInstances.buildingBlockName, name), eq(pages.kind, 'page')))
    .orderBy(asc(pages.name), asc(buildingBlockInstances.layoutPosition), asc(buildingBlockInstances.sortId))
    .limit(1000);
}

/** The sort id that puts a block after the last one at a position. */
export async function nextSortId(db: Executor, pageId: string, position: LayoutPosition): Promise<number> {
  const [row] = await db
    .select({ highest: max(buildingBlockInstances.sortId) })
    .from(buildingBlockInstances)
    .where(
      and(eq(buildingBlockInstances.pageId, pageId), eq(buildingBlockInstances.layoutPosition, position)),
    );
  return (row?.highest ?? 0) + SORT_STEP;
}

/** Blocks are numbered 10, 20, …: room to slot one in by hand. */
export const SORT_STEP = 10;

/** Where a block sits as the table has it: the columns block and column (null for a block of its position). */
export function placeOf(block: Pick<DraftBlock, 'parent'>): {
  parentId: string | null;
  columnIndex: number | null;
} {
  return block.parent
    ? { parentId: block.parent.guid, columnIndex: block.parent.column }
    : { parentId: null, columnIndex: null };
}
