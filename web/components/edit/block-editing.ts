import {
  BLOCK_TYPE_NAMES,
  BLOCK_TYPES,
  type BlockTypeName,
  type BlockView,
  isKnownBlockView,
} from '../../../common/blocks/index';
import { LAYOUT_COLUMNS, type LayoutPosition, type PageLayout } from '../../../common/pages';

/** The block types an editor can add, in the order the type picker shows them. */
export const ADDABLE_BLOCK_TYPES: readonly BlockTypeName[] = BLOCK_TYPE_NAMES;

/** The layout positions a page shows, top to bottom (side columns only when its layout has them). */
export function visiblePositions(layout: PageLayout): LayoutPosition[] {
  const columns = LAYOUT_COLUMNS[layout];
  return [
    'top',
    ...(columns.left ? (['left'] as const) : []),
    'main',
    ...(columns.right ? (['right'] as const) : []),
    'bottom',
  ];
}

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

/**
 * The guids of one position after moving a block one place up (-1) or down (+1); null when it
 * cannot move that way.
 */
export function movedOrder(guids: readonly string[], guid: string, direction: -1 | 1): string[] | null {
  const from = guids.indexOf(guid);
  const to = from + direction;
  if (from < 0 || to < 0 || to >= guids.length) return null;
  const order = [...guids];
  order.splice(from, 1);
  order.splice(to, 0, guid);
  return order;
}

/** Server and schema issue paths (`content.nl.alt`, `options.size`, `nl.alt`) as form field keys (`nl.alt`, `size`). */
export function fieldKey(path: string): string {
  return path.replace(/^(content|options)\./, '');
}
