import { z } from 'zod';
import { defineBlockType } from './define.ts';
import type { BlockView } from './index.ts';

/**
 * The columns block (issue 31): two or three columns side by side, each holding blocks of its own.
 * Its children are ordinary blocks of the page (their own guid, content and checks, so links,
 * where-used, search and the accessibility check follow them as any other block); each names the
 * block and the column it sits in (`DraftBlock.parent`, `building_block_instances.parent_id` and
 * `column_index`). A column holds no columns block: columns are not nested further.
 */
export const COLUMN_COUNTS = ['2', '3'] as const;
export type ColumnCount = (typeof COLUMN_COUNTS)[number];

/** How the width is shared: equally, or the first or the last column twice as wide as the others. */
export const COLUMN_WIDTHS = ['equal', 'wideStart', 'wideEnd'] as const;
export type ColumnWidths = (typeof COLUMN_WIDTHS)[number];

/** The most columns a block has: a child's column is 0 to this minus one. */
export const MAX_COLUMNS = 3;

export const columnsBlock = defineBlockType({
  /** The columns hold blocks; the block itself has no texts. */
  content: z.object({}),
  options: z.object({
    count: z.enum(COLUMN_COUNTS).default('2'),
    widths: z.enum(COLUMN_WIDTHS).default('equal'),
  }),
  isLocalized: false,
  newContent: () => ({}),
});

/**
 * The types a column does not hold: another columns block (columns are not nested further), and
 * the list and widget blocks, whose items are read per visitor and URL for the page's own blocks.
 */
export const NOT_IN_COLUMNS: readonly string[] = ['columns', 'list', 'widget'];

/** The number of columns of a columns block's stored options (2 when they do not say). */
export function columnCountOf(options: Record<string, unknown> | undefined): number {
  return options?.count === '3' ? 3 : 2;
}

/**
 * What visitors get: the blocks of each column, in order, prepared like the page's other blocks
 * (server/domains/blocks/prepare.ts puts them in after preparing them). A block with no blocks in
 * any column shows nothing.
 */
export type ColumnsBlockData = {
  count: ColumnCount;
  widths: ColumnWidths;
  columns: BlockView[][];
};
