import { describe, expect, it } from 'vitest';
import type { DraftBlock, PageDocument } from '../../../common/page-drafts';
import { documentWithBlockReplaced, reusableDraftBlock } from './reusable-blocks';

const block = (
  guid: string,
  position: DraftBlock['position'] = 'main',
  parent?: DraftBlock['parent'],
): DraftBlock => ({
  guid,
  name: 'text',
  position,
  content: null,
  options: {},
  ...(parent ? { parent } : {}),
});

const document = (blocks: DraftBlock[]): PageDocument => ({
  title: { nl: 'Pagina' },
  description: null,
  layout: '25-75',
  options: [],
  blocks,
});

describe('documentWithBlockReplaced (issue 31)', () => {
  it('puts the blocks in the place and at the position of the one they replace', () => {
    const before = document([block('a', 'left'), block('b', 'left'), block('c')]);
    const after = documentWithBlockReplaced(before, 'b', [block('x'), block('y', 'right')]);
    expect(after.blocks.map((one) => [one.guid, one.position])).toEqual([
      ['a', 'left'],
      ['x', 'left'],
      ['y', 'left'],
      ['c', 'main'],
    ]);
  });

  it('keeps a replaced block’s column for the blocks that take its place, and leaves a document without it alone', () => {
    const column = { guid: 'cols', column: 1 };
    const before = document([block('cols'), block('b', 'main', column)]);
    const after = documentWithBlockReplaced(before, 'b', [reusableDraftBlock('r', 't', 'main')]);
    expect(after.blocks[1]).toEqual({
      guid: 'r',
      name: 'reusable',
      position: 'main',
      content: null,
      options: { templateId: 't' },
      parent: column,
    });
    expect(documentWithBlockReplaced(before, 'nope', [block('x')])).toBe(before);
  });

  it('takes a replaced columns block’s blocks away with it', () => {
    const before = document([
      block('a'),
      block('cols'),
      block('in0', 'main', { guid: 'cols', column: 0 }),
      block('in1', 'main', { guid: 'cols', column: 1 }),
      block('c'),
    ]);
    const after = documentWithBlockReplaced(before, 'cols', [reusableDraftBlock('r', 't', 'main')]);
    expect(after.blocks.map((one) => one.guid)).toEqual(['a', 'r', 'c']);
  });
});
