import { describe, expect, it } from 'vitest';
import { BLOCK_TYPE_NAMES, BLOCK_TYPES } from '../../../common/blocks/index';
import { type PageDocument, withChildrenInPlace } from '../../../common/page-drafts';
import { layoutPositions } from '../../../common/pages';
import {
  arrangedBlocks,
  blockOrder,
  COLUMN_BLOCK_TYPES,
  defaultOptions,
  documentWithBlock,
  documentWithBlockInColumn,
  documentWithChangedBlock,
  documentWithOrder,
  documentWithoutBlock,
  fieldKey,
  isBlockEmpty,
  moveBlock,
} from './block-editing';

const block = (guid: string, position: 'top' | 'main' | 'right' | 'left', sortId = 10) => ({
  guid,
  position,
  sortId,
  name: 'divider' as const,
  options: {} as never,
  data: null,
});

describe('block editing helpers', () => {
  it('moves a block one place up or down within its position, and not past either end', () => {
    const order = { main: ['a', 'b', 'c'], right: [] };
    expect(moveBlock(order, 'b', 'main', 0)).toEqual({
      order: { main: ['b', 'a', 'c'], right: [] },
    });
    expect(moveBlock(order, 'b', 'main', 2)?.order.main).toEqual(['a', 'c', 'b']);
    expect(moveBlock(order, 'a', 'main', -1)).toBeNull();
    expect(moveBlock(order, 'c', 'main', 3)).toBeNull();
    expect(moveBlock(order, 'x', 'main', 1)).toBeNull();
    // The input is left as it was.
    expect(order.main).toEqual(['a', 'b', 'c']);
  });

  it('moves a block into another position, also an empty one', () => {
    const order = { top: ['t'], main: ['a', 'b', 'c'], right: ['r1', 'r2'] };
    expect(moveBlock(order, 'b', 'right', 1)).toEqual({
      order: { top: ['t'], main: ['a', 'c'], right: ['r1', 'b', 'r2'] },
    });
    expect(moveBlock(order, 'a', 'right', 99)?.order.right).toEqual(['r1', 'r2', 'a']);
    expect(moveBlock({ main: ['a'], right: [] }, 'a', 'right', 0)).toEqual({
      order: { main: [], right: ['a'] },
    });
    // A position the layout does not show takes nothing.
    expect(moveBlock(order, 'a', 'left', 0)).toBeNull();
  });

  it('changes a draft document: order, a block added at a place, changed and removed', () => {
    const draftBlock = (guid: string, position: 'main' | 'right' | 'left') => ({
      guid,
      name: 'divider',
      position,
      content: null,
      options: {},
    });
    const document = {
      title: { nl: 'T' },
      description: null,
      layout: '75-25' as const,
      options: [],
      blocks: [
        draftBlock('a', 'main'),
        draftBlock('l', 'left'),
        draftBlock('b', 'main'),
        draftBlock('r', 'right'),
      ],
    };
    const moved = moveBlock(blockOrder(document.blocks, ['main', 'right']), 'a', 'right', 0);
    const ordered = documentWithOrder(document, moved?.order ?? {});
    // The hidden left column's block stays, after the shown ones.
    expect(ordered.blocks.map((item) => `${item.position}:${item.guid}`)).toEqual([
      'main:b',
      'right:a',
      'right:r',
      'left:l',
    ]);
    const added = documentWithBlock(document, draftBlock('n', 'main'), 1);
    expect(added.blocks.map((item) => item.guid)).toEqual(['a', 'l', 'n', 'b', 'r']);
    expect(documentWithBlock(document, draftBlock('n', 'main')).blocks.at(-1)?.guid).toBe('n');
    expect(documentWithBlock(document, draftBlock('n', 'right'), 0).blocks.map((item) => item.guid)).toEqual([
      'a',
      'l',
      'b',
      'n',
      'r',
    ]);
    const changed = documentWithChangedBlock(document, 'b', (item) => ({ ...item, options: { x: 1 } }));
    expect(changed.blocks[2]?.options).toEqual({ x: 1 });
    expect(document.blocks[2]?.options).toEqual({});
    expect(documentWithoutBlock(document, 'l').blocks.map((item) => item.guid)).toEqual(['a', 'b', 'r']);
  });

  it('reads the order from the blocks and lays the blocks out in a new order', () => {
    const blocks = [block('t', 'top'), block('a', 'main', 10), block('b', 'main', 20), block('l', 'left')];
    const order = blockOrder(blocks, ['top', 'main', 'right']);
    // The left column is not shown (layout without it): its blocks are not arranged.
    expect(order).toEqual({ top: ['t'], main: ['a', 'b'], right: [] });
    const moved = moveBlock(order, 'a', 'right', 0);
    const arranged = arrangedBlocks(blocks, moved?.order ?? order);
    expect(arranged.map((item) => `${item.position}:${item.guid}`)).toEqual([
      'top:t',
      'main:b',
      'right:a',
      'left:l',
    ]);
    // Blocks that stay where they were are the same objects (their views need no new render).
    expect(arranged[0]).toBe(blocks[0]);
  });

  it('offers the side columns only where the layout has them', () => {
    expect(layoutPositions('100')).toEqual(['top', 'main', 'bottom']);
    expect(layoutPositions('25-50-25')).toEqual(['top', 'left', 'main', 'right', 'bottom']);
    expect(layoutPositions('75-25')).toEqual(['top', 'main', 'right', 'bottom']);
  });

  it('starts every type with options its schema accepts', () => {
    for (const name of BLOCK_TYPE_NAMES) {
      expect(BLOCK_TYPES[name].options.safeParse(defaultOptions(name)).success).toBe(true);
      expect(typeof BLOCK_TYPES[name].newContent()).toBe('object');
    }
  });

  it('shows a placeholder for blocks visitors would not see', () => {
    const block = { guid: 'g', position: 'main' as const, sortId: 10 };
    const image = { ...block, name: 'image' as const, options: defaultOptions('image') as never };
    expect(isBlockEmpty({ ...image, data: null })).toBe(true);
    const text = { ...block, name: 'text' as const, options: {} };
    expect(isBlockEmpty({ ...text, data: { html: '<p></p>' } })).toBe(true);
    expect(isBlockEmpty({ ...text, data: { html: '<p>Hoi</p>' } })).toBe(false);
    expect(isBlockEmpty({ ...block, name: 'carousel', options: {}, data: null })).toBe(true);
  });

  it('keeps a columns block’s blocks after it in reading order: added into, moved within and across its columns, removed with it', () => {
    const page = (blocks: PageDocument['blocks']): PageDocument => ({
      title: { nl: 'Kolommen' },
      description: null,
      layout: '100',
      options: [],
      blocks,
    });
    const plain = (guid: string, position: 'main' | 'right' = 'main') => ({
      guid,
      name: 'text',
      position,
      content: null,
      options: {},
    });
    const inColumn = (guid: string, column: number) => ({ ...plain(guid), parent: { guid: 'grid', column } });
    const grid = { ...plain('grid'), name: 'columns', options: { count: '3' } };
    const order = (document: PageDocument) =>
      document.blocks.map((block) => `${block.guid}${block.parent ? `@${block.parent.column}` : ''}`);

    // Out of order, a child first and a column before another: read after its block, column by column.
    expect(order(page(withChildrenInPlace([inColumn('b', 1), plain('x'), grid, inColumn('a', 0)])))).toEqual([
      'x',
      'grid',
      'a@0',
      'b@1',
    ]);
    let document = page([plain('x'), grid, inColumn('a', 0), inColumn('b', 1)]);
    document = documentWithBlockInColumn(document, plain('c'), { guid: 'grid', column: 0 }, 0);
    expect(order(document)).toEqual(['x', 'grid', 'c@0', 'a@0', 'b@1']);
    // Down in its column, then to the end of column 2 (index 2: past the end).
    document = documentWithBlockInColumn(document, inColumn('c', 0), { guid: 'grid', column: 0 }, 1);
    expect(order(document)).toEqual(['x', 'grid', 'a@0', 'c@0', 'b@1']);
    document = documentWithBlockInColumn(document, inColumn('c', 0), { guid: 'grid', column: 2 });
    expect(order(document)).toEqual(['x', 'grid', 'a@0', 'b@1', 'c@2']);
    // The columns block moved to another position takes its blocks along.
    const moved = documentWithOrder(document, { main: ['x'], right: ['grid'] });
    expect(moved.blocks.map((block) => [block.guid, block.position])).toEqual([
      ['x', 'main'],
      ['grid', 'right'],
      ['a', 'right'],
      ['b', 'right'],
      ['c', 'right'],
    ]);
    // Into a columns block that is not there: nothing changes; removing it removes its blocks.
    expect(documentWithBlockInColumn(document, plain('d'), { guid: 'gone', column: 0 })).toBe(document);
    expect(order(documentWithoutBlock(document, 'grid'))).toEqual(['x']);
    expect(COLUMN_BLOCK_TYPES).not.toContain('columns');
    expect(COLUMN_BLOCK_TYPES).not.toContain('list');
    expect(COLUMN_BLOCK_TYPES).toContain('image');
  });

  it('maps issue paths to form fields', () => {
    expect(fieldKey('content.nl.alt')).toBe('nl.alt');
    expect(fieldKey('options.size')).toBe('size');
    expect(fieldKey('document.blocks.12.content.en.buttons.0.href')).toBe('en.buttons.0.href');
    expect(fieldKey('contentBuildingBlockInstances.2.options.imageGuid')).toBe('imageGuid');
  });
});
