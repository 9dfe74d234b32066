import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/client';
import { type AdminMenuItem, countBelow, fieldErrors, flatten, projectMove } from './menu-data';

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
