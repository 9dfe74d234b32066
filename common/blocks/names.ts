import type { BlockView, KnownBlockView } from './index.ts';

/*
 * The names of the block types, apart from their schemas (./index.ts), so that the browser's public
 * pages, which only tell known blocks from unknown ones, do not load zod.
 */

/** Every block type's name as stored in `buildingBlockName`, in the order the editor offers them. */
export const BLOCK_TYPE_NAMES = [
  'text',
  'quote',
  'notice',
  'buttons',
  'callToAction',
  'cards',
  'columns',
  'accordion',
  'table',
  'contact',
  'map',
  'divider',
  'video',
  'image',
  'download',
  'gallery',
  'list',
  'widget',
  'form',
  'reusable',
] as const;

export type BlockTypeName = (typeof BLOCK_TYPE_NAMES)[number];

export function isBlockTypeName(name: string): name is BlockTypeName {
  return (BLOCK_TYPE_NAMES as readonly string[]).includes(name);
}

export function isKnownBlockView(block: BlockView): block is KnownBlockView {
  return isBlockTypeName(block.name);
}
