import { BLOCK_TYPE_NAMES, BLOCK_TYPES, type BlockTypeName } from '../../../common/blocks/index';
import type { RichTextNode } from '../../../common/blocks/rich-text';
import { LAYOUT_COLUMNS, type LayoutPosition, type PageLayout } from '../../../common/pages';
import type { BlockView } from '../../../common/site';

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

/** An empty rich text document as the editor starts it (one empty paragraph). */
export const emptyEditorDoc = (): RichTextNode => ({ type: 'doc', content: [{ type: 'paragraph' }] });

/** What a new block of a type starts with: content for one language (the form fills it in). */
export function newContent(name: BlockTypeName): Record<string, unknown> {
  switch (name) {
    case 'text':
      return { doc: emptyEditorDoc() };
    case 'buttons':
      return { buttons: [{ label: '', href: '', variant: 'filled' }] };
    case 'accordion':
      return { items: [{ title: '', doc: emptyEditorDoc() }] };
    case 'video':
      return { url: '', title: '' };
    case 'image':
      return { alt: '', caption: '' };
    case 'list':
    case 'widget':
      return { title: '' };
    default:
      return {};
  }
}

/** The type's options with every default filled in. */
export function defaultOptions(name: BlockTypeName): Record<string, unknown> {
  return { ...BLOCK_TYPES[name].options.parse({}) };
}

/** Types whose content differs per language (a divider has none). */
export function hasLocalizedContent(name: BlockTypeName): boolean {
  return name !== 'divider';
}

/**
 * True when a block shows nothing to visitors (an image without an image yet, content that does not
 * fit, an unknown type): edit mode shows a placeholder so that it can still be found and edited.
 */
export function isBlockEmpty(block: BlockView, hasComponent: boolean): boolean {
  if (!hasComponent || block.data === null || block.data === undefined) return true;
  if (block.name === 'text') {
    const html = (block.data as { html?: unknown }).html;
    return typeof html !== 'string' || html.replace(/<p><\/p>|\s/g, '') === '';
  }
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
