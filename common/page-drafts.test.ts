import { describe, expect, it } from 'vitest';
import { type DraftBlock, describeChanges, type PageDocument, sameJson } from './page-drafts.ts';

const block = (guid: string, position: DraftBlock['position'] = 'main', words = guid): DraftBlock => ({
  guid,
  name: 'text',
  position,
  content: { nl: { words } },
  options: {},
});
const page = (blocks: DraftBlock[], overrides: Partial<PageDocument> = {}): PageDocument => ({
  title: { nl: 'Titel' },
  description: null,
  layout: '25-50-25',
  options: [],
  blocks,
  ...overrides,
});
const kinds = (before: PageDocument | null, after: PageDocument) =>
  describeChanges(before, after).map((change) =>
    'guid' in change ? `${change.kind}:${change.guid}` : change.kind,
  );

describe('describeChanges', () => {
  it('names a first publish as the title and every block added', () => {
    expect(kinds(null, page([block('a'), block('b', 'left')]))).toEqual([
      'title',
      'blockAdded:a',
      'blockAdded:b',
    ]);
  });

  it('finds nothing between equal documents, whatever the key order', () => {
    const before = page([block('a')]);
    const after = page([
      { options: {}, content: { nl: { words: 'a' } }, position: 'main', name: 'text', guid: 'a' },
    ]);
    expect(describeChanges(before, after)).toEqual([]);
  });

  it('moves no other block when one is removed or added', () => {
    const before = page([block('a'), block('b'), block('c')]);
    expect(kinds(before, page([block('b'), block('c')]))).toEqual(['blockRemoved:a']);
    expect(kinds(before, page([block('a'), block('x'), block('b'), block('c')]))).toEqual(['blockAdded:x']);
  });

  it('names the block that changed places, and one that changed position', () => {
    const before = page([block('a'), block('b'), block('c')]);
    expect(kinds(before, page([block('b'), block('c'), block('a')]))).toEqual(['blockMoved:a']);
    const moved = describeChanges(before, page([block('a'), block('b'), block('c', 'right')]));
    expect(moved).toEqual([
      { kind: 'blockMoved', guid: 'c', block: 'text', position: 'right', from: 'main' },
    ]);
  });

  it('names changed content, settings and layout', () => {
    const before = page([block('a')]);
    const after = page([block('a', 'main', 'nieuw')], { layout: '100', title: { nl: 'Andere titel' } });
    expect(describeChanges(before, after)).toEqual([
      { kind: 'title' },
      { kind: 'layout', from: '25-50-25', to: '100' },
      { kind: 'blockChanged', guid: 'a', block: 'text', position: 'main' },
    ]);
  });
});

describe('sameJson', () => {
  it('compares values, not key order; null and undefined alike', () => {
    expect(sameJson({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(sameJson({ a: undefined }, {})).toBe(true);
    expect(sameJson(null, undefined)).toBe(true);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
    expect(sameJson({ a: 1 }, [1])).toBe(false);
    expect(sameJson('1', 1)).toBe(false);
  });
});
