import { describe, expect, it } from 'vitest';
import { pagerRange } from './ListPager';

describe('the pages a list pager shows', () => {
  it('shows every page up to seven', () => {
    expect(pagerRange(1, 1)).toEqual([1]);
    expect(pagerRange(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('keeps the first and last page and one on each side of the current one, as Mantine did', () => {
    expect(pagerRange(1, 20)).toEqual([1, 2, 3, 4, 5, null, 20]);
    expect(pagerRange(4, 20)).toEqual([1, 2, 3, 4, 5, null, 20]);
    expect(pagerRange(5, 20)).toEqual([1, null, 4, 5, 6, null, 20]);
    expect(pagerRange(17, 20)).toEqual([1, null, 16, 17, 18, 19, 20]);
    expect(pagerRange(20, 20)).toEqual([1, null, 16, 17, 18, 19, 20]);
  });
});
