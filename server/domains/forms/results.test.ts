import { describe, expect, it } from 'vitest';
import { numberStatistics } from './results.ts';

describe('numberStatistics', () => {
  it('is empty without answers', () => {
    expect(numberStatistics([])).toEqual({ answered: 0, mean: null, median: null, min: null, max: null });
  });

  it('takes the middle answer of an odd count', () => {
    // 1, 2, 2, 5, 9
    const sorted = [
      { value: 1, count: 1 },
      { value: 2, count: 2 },
      { value: 5, count: 1 },
      { value: 9, count: 1 },
    ];
    expect(numberStatistics(sorted)).toEqual({ answered: 5, mean: 19 / 5, median: 2, min: 1, max: 9 });
  });

  it('takes halfway between the middle two of an even count, as percentile_cont(0.5) does', () => {
    // 3, 3, 4, 10
    const sorted = [
      { value: 3, count: 2 },
      { value: 4, count: 1 },
      { value: 10, count: 1 },
    ];
    expect(numberStatistics(sorted)).toMatchObject({ answered: 4, mean: 5, median: 3.5, min: 3, max: 10 });
  });

  it('handles negative and fractional answers', () => {
    const sorted = [
      { value: -2.5, count: 1 },
      { value: 0, count: 1 },
    ];
    expect(numberStatistics(sorted)).toMatchObject({ mean: -1.25, median: -1.25, min: -2.5, max: 0 });
  });
});
