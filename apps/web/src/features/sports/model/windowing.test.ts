import { describe, expect, it } from 'vitest';
import { visibleRange } from './windowing';

/** Ten items of 100 px each, then the total. */
const starts = Array.from({ length: 11 }, (_, index) => index * 100);

describe('visible range', () => {
  it('takes the items a window touches', () => {
    expect(visibleRange(starts, 0, 250)).toEqual([0, 3]);
    expect(visibleRange(starts, 150, 350)).toEqual([1, 4]);
    expect(visibleRange(starts, 100, 200)).toEqual([1, 2]);
  });

  it('clamps windows beyond either end', () => {
    expect(visibleRange(starts, -400, 50)).toEqual([0, 1]);
    expect(visibleRange(starts, 950, 5000)).toEqual([9, 10]);
    expect(visibleRange(starts, 5000, 6000)).toEqual([10, 10]);
  });

  it('handles uneven heights and an empty list', () => {
    expect(visibleRange([0, 30, 230, 260], 40, 240)).toEqual([1, 3]);
    expect(visibleRange([0], 0, 100)).toEqual([0, 0]);
  });
});
