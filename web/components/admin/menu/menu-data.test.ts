import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/client';
import {
  type AdminMenuItem,
  countBelow,
  describeMove,
  fieldErrors,
  flatten,
  keyboardOver,
  projectMove,
} from './menu-data';

const item = (guid: string, children: AdminMenuItem[] = []): AdminMenuItem => ({
  guid,
  urlSegment: guid,
  name: { nl: guid },
  pageGuid: null,
  pageTitle: null,
  pageIsPublished: false,
  externalUrl: null,
  isVisible: true,
  path: `/${guid}`,
  relatedMenuItems: children,
});

// x, a (with a1, a2), b, c
const tree = [item('x'), item('a', [item('a1'), item('a2')]), item('b'), item('c')];
const flat = flatten(tree);

describe('projectMove: where a dragged menu item lands', () => {
  it('nests under the item above when dragged one indent to the right', () => {
    expect(projectMove(flat, 'c', 'c', 30, 28)).toEqual({ parentGuid: 'b', position: 0 });
  });

  it('keeps the level when dragged straight up or down', () => {
    expect(projectMove(flat, 'c', 'x', 0, 28)).toEqual({ parentGuid: null, position: 0 });
    expect(projectMove(flat, 'x', 'c', 0, 28)).toEqual({ parentGuid: null, position: 3 });
  });

  it('joins the siblings of the row above at that depth', () => {
    expect(projectMove(flat, 'b', 'a2', 28, 28)).toEqual({ parentGuid: 'a', position: 1 });
  });

  it('outdents a nested item dragged to the left', () => {
    expect(projectMove(flat, 'a2', 'a2', -28, 28)).toEqual({ parentGuid: null, position: 2 });
  });

  it('never nests deeper than one level below the row above', () => {
    expect(projectMove(flat, 'c', 'c', 500, 28)).toEqual({ parentGuid: 'b', position: 0 });
  });

  it('drags an item with its sub-items (they are not places to drop it)', () => {
    expect(projectMove(flat, 'a', 'a1', 0, 28)).toBeNull();
  });
});

describe('helpers', () => {
  it('flattens depth first with depth and parent', () => {
    expect(flat.map((row) => `${row.item.guid}:${row.depth}:${row.parentId}`)).toEqual([
      'x:0:null',
      'a:0:null',
      'a1:1:a',
      'a2:1:a',
      'b:0:null',
      'c:0:null',
    ]);
  });

  it('counts what goes with an item', () => {
    expect(countBelow(tree[1] as AdminMenuItem)).toBe(2);
  });

  it('reads field messages from an API error', () => {
    const error = new ApiError(409, 'conflict', 'Dit botst', {
      error: { details: [{ path: 'body/urlSegment', message: 'Al in gebruik' }] },
    });
    expect(fieldErrors(error)).toEqual({ urlSegment: 'Al in gebruik' });
    expect(fieldErrors(new Error('x'))).toEqual({});
  });
});

describe('keyboardOver and describeMove: a move by keyboard, in words (issue 35)', () => {
  it('keeps the level: one ArrowUp past a nested row goes before its parent, not under it', () => {
    // b is below a's sub-items; the arrow up is over a2.
    expect(keyboardOver(flat, 'b', 'a2')).toBe('a');
    const place = describeMove(flat, 'b', keyboardOver(flat, 'b', 'a2'), 0, 28);
    expect(place).toMatchObject({ parentGuid: null, position: 1, isParentChanged: false, path: '/b' });
    expect(place?.after?.item.guid).toBe('x');
  });

  it('moves down past a row with sub-items, staying at its level', () => {
    expect(keyboardOver(flat, 'x', 'a')).toBe('a2');
    const place = describeMove(flat, 'x', keyboardOver(flat, 'x', 'a'), 0, 28);
    expect(place).toMatchObject({ parentGuid: null, position: 1, isParentChanged: false });
    expect(place?.after?.item.guid).toBe('a');
  });

  it('says nothing moved over its own row, and names the new parent and address when nesting', () => {
    expect(describeMove(flat, 'c', 'c', 0, 28)?.isUnchanged).toBe(true);
    const nested = describeMove(flat, 'c', 'c', 30, 28);
    expect(nested).toMatchObject({ parentGuid: 'b', isParentChanged: true, path: '/b/c', after: null });
    expect(nested?.parent?.item.guid).toBe('b');
  });

  it('has no address for an external item', () => {
    const external = { ...item('e'), externalUrl: 'https://example.org', path: null };
    const rows = flatten([item('p'), external]);
    expect(describeMove(rows, 'e', 'e', 30, 28)?.path).toBeNull();
  });
});
