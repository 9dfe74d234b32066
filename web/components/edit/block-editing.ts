import { createContext } from 'react';
import { NOT_IN_COLUMNS } from '../../../common/blocks/columns';
import {
  BLOCK_TYPE_NAMES,
  BLOCK_TYPES,
  type BlockTypeName,
  type BlockView,
  isKnownBlockView,
} from '../../../common/blocks/index';
import {
  type BlockParent,
  type DraftBlock,
  type PageDocument,
  withChildrenInPlace,
} from '../../../common/page-drafts';
import type { LayoutPosition } from '../../../common/pages';

/** The block types an editor can add, in the order the type picker shows them. */
export const ADDABLE_BLOCK_TYPES: readonly BlockTypeName[] = BLOCK_TYPE_NAMES;

/**
 * Types the screen being edited does not hold, left out of every type picker on it: a reusable
 * block's own edit screen holds no reusable block (issue 31; the server refuses one there too).
 */
export const UnaddableBlockTypes = createContext<ReadonlySet<BlockTypeName>>(new Set());

/** What a reusable block's own edit screen leaves out of its type pickers. */
export const NOT_IN_REUSABLE_BLOCKS: ReadonlySet<BlockTypeName> = new Set(['reusable']);

/** The type's options with every default filled in. */
export function defaultOptions(name: BlockTypeName): Record<string, unknown> {
  return { ...BLOCK_TYPES[name].options.parse({}) };
}

/**
 * True when a block shows nothing to visitors (an image without an image yet, content that does not
 * fit, an unknown type, an empty text): edit mode shows a placeholder so that it can still be found
 * and edited.
 */
export function isBlockEmpty(block: BlockView): boolean {
  if (!isKnownBlockView(block) || block.data === null) return true;
  if (block.name === 'text') return block.data.html.replace(/<p><\/p>|\s/g, '') === '';
  return false;
}

/** The guids of each layout position a page shows, in their order there. */
export type BlockOrder = Partial<Record<LayoutPosition, string[]>>;

/** The order of the blocks at each of `positions` (the blocks arrive sorted, as the page lists them). */
export function blockOrder(
  blocks: readonly { guid: string; position: LayoutPosition }[],
  positions: readonly LayoutPosition[],
): BlockOrder {
  const order: BlockOrder = {};
  for (const position of positions) order[position] = [];
  for (const block of blocks) order[block.position]?.push(block.guid);
  return order;
}

/** The position a block is at in `order`, if any. */
export function positionOf(order: BlockOrder, guid: string): LayoutPosition | undefined {
  for (const [position, guids] of Object.entries(order) as [LayoutPosition, string[]][]) {
    if (guids.includes(guid)) return position;
  }
  return undefined;
}

/**
 * Every move of a block (dragged, moved by keyboard, the up and down buttons) goes through here:
 * the block leaves its position and lands in `toPosition` at `toIndex` (clamped to the ends).
 * Returns the new order, or null when nothing would change.
 */
export function moveBlock(
  order: BlockOrder,
  guid: string,
  toPosition: LayoutPosition,
  toIndex: number,
): { order: BlockOrder } | null {
  const from = positionOf(order, guid);
  const target = order[toPosition];
  if (!from || !target) return null;
  const fromIndex = (order[from] as string[]).indexOf(guid);
  const rest = target.filter((other) => other !== guid);
  const index = Math.max(0, Math.min(Math.trunc(toIndex), rest.length));
  if (from === toPosition && index === fromIndex) return null;
  const guids = [...rest.slice(0, index), guid, ...rest.slice(index)];
  const next: BlockOrder = { ...order, [toPosition]: guids };
  if (from !== toPosition) next[from] = (order[from] as string[]).filter((other) => other !== guid);
  return { order: next };
}

/** The page's blocks in `order`, each with the position it now has (blocks `order` lacks stay as they are). */
export function arrangedBlocks(blocks: readonly BlockView[], order: BlockOrder): BlockView[] {
  const byGuid = new Map(blocks.map((block) => [block.guid, block]));
  const placed = new Set<string>();
  const arranged: BlockView[] = [];
  for (const [position, guids] of Object.entries(order) as [LayoutPosition, string[]][]) {
    for (const guid of guids) {
      const block = byGuid.get(guid);
      if (!block) continue;
      placed.add(guid);
      arranged.push(block.position === position ? block : { ...block, position });
    }
  }
  return [...arranged, ...blocks.filter((block) => !placed.has(block.guid))];
}

/**
 * The document with its blocks in `order`: each listed block at its position, in that order; the
 * blocks `order` does not list (those of positions the layout hides) keep their place after them.
 */
export function documentWithOrder(document: PageDocument, order: BlockOrder): PageDocument {
  const byGuid = new Map(document.blocks.map((block) => [block.guid, block]));
  const placed = new Set<string>();
  const blocks: DraftBlock[] = [];
  for (const [position, guids] of Object.entries(order) as [LayoutPosition, string[]][]) {
    for (const guid of guids) {
      const block = byGuid.get(guid);
      if (!block || placed.has(guid)) continue;
      placed.add(guid);
      blocks.push(block.position === position ? block : { ...block, position });
    }
  }
  // A columns block's blocks are no part of `order`: they go with it (withChildrenInPlace).
  return {
    ...document,
    blocks: withChildrenInPlace([...blocks, ...document.blocks.filter((block) => !placed.has(block.guid))]),
  };
}

/** The document with `block` added to its position at `index` there (at the end when absent or past it). */
export function documentWithBlock(document: PageDocument, block: DraftBlock, index?: number): PageDocument {
  const others = document.blocks.filter((other) => other.guid !== block.guid);
  const there = others.filter((other) => other.position === block.position);
  const before = index === undefined ? undefined : there[Math.max(0, Math.trunc(index))];
  const at = before ? others.indexOf(before) : others.length;
  return { ...document, blocks: [...others.slice(0, at), block, ...others.slice(at)] };
}

/** The document with the block `guid` changed by `change` (the same document when it has no such block). */
export function documentWithChangedBlock(
  document: PageDocument,
  guid: string,
  change: (block: DraftBlock) => DraftBlock,
): PageDocument {
  return {
    ...document,
    blocks: document.blocks.map((block) => (block.guid === guid ? change(block) : block)),
  };
}

/** The document without the block `guid` (and, for a columns block, the blocks in its columns). */
export function documentWithoutBlock(document: PageDocument, guid: string): PageDocument {
  return {
    ...document,
    blocks: document.blocks.filter((block) => block.guid !== guid && block.parent?.guid !== guid),
  };
}

/** The block types a column offers: every type but those a column does not hold (issue 31). */
export const COLUMN_BLOCK_TYPES: readonly BlockTypeName[] = BLOCK_TYPE_NAMES.filter(
  (name) => !NOT_IN_COLUMNS.includes(name),
);

/**
 * The document with `block` in column `parent.column` of its columns block, at `index` among that
 * column's blocks (at the end when absent or past it): a new block of a column, or one moved within
 * or across the columns. Its position is its columns block's; the document stays in reading order.
 */
export function documentWithBlockInColumn(
  document: PageDocument,
  block: DraftBlock,
  parent: BlockParent,
  index?: number,
): PageDocument {
  const columns = document.blocks.find((other) => other.guid === parent.guid);
  if (!columns) return document;
  const placed: DraftBlock = { ...block, position: columns.position, parent };
  const others = document.blocks.filter((other) => other.guid !== block.guid);
  const siblings = others.filter(
    (other) => other.parent?.guid === parent.guid && other.parent.column === parent.column,
  );
  const before = index === undefined ? undefined : siblings[Math.max(0, Math.trunc(index))];
  const at = before ? others.indexOf(before) : others.length;
  return { ...document, blocks: withChildrenInPlace([...others.slice(0, at), placed, ...others.slice(at)]) };
}

/** The blocks of each column of the columns block `guid`, in order, as the draft has them. */
export function childrenOf(document: PageDocument, guid: string): DraftBlock[] {
  return document.blocks.filter((block) => block.parent?.guid === guid);
}

/**
 * Server and schema issue paths (`content.nl.alt`, `options.size`, `nl.alt`, a draft's
 * `document.blocks.3.content.nl.alt`, a list item's `contentBuildingBlockInstances.2.options.imageGuid`)
 * as form field keys (`nl.alt`, `size`, `imageGuid`).
 */
export function fieldKey(path: string): string {
  return path
    .replace(/^(document\.blocks|contentBuildingBlockInstances)\.\d+\./, '')
    .replace(/^(content|options)\./, '');
}
