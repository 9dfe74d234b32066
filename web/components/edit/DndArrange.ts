import type { LayoutPosition } from '../../../common/pages';

/** The id prefix of a layout position as a drop target (block ids are their guids). */
export const DND_POSITION_PREFIX = 'position:';

/** How a position's tools move blocks; every move goes through `moveBlock` (block-editing.ts). */
export type DndArrange = {
  /** Moves a block to `toIndex` of `toPosition`: shown at once, then stored. */
  move(guid: string, toPosition: LayoutPosition, toIndex: number): void;
};
