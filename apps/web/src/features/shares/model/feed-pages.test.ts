import { describe, expect, it } from 'vitest';
import { feedPages } from './feed-pages';

describe('feed pages', () => {
  it('counts the pages of an exact total, one page at least', () => {
    expect(feedPages({ total: 45, totalCapped: false }, 10)).toEqual({
      pages: 5,
      isOpenEnded: false,
    });
    expect(feedPages({ total: 40, totalCapped: false }, 10)).toEqual({
      pages: 4,
      isOpenEnded: false,
    });
    expect(feedPages({ total: 0, totalCapped: false }, 10)).toEqual({
      pages: 1,
      isOpenEnded: false,
    });
    expect(feedPages(undefined, 10)).toEqual({ pages: 1, isOpenEnded: false });
  });

  it('leaves a capped total open-ended, its pages all full', () => {
    expect(feedPages({ total: 1_000, totalCapped: true }, 10)).toEqual({
      pages: 100,
      isOpenEnded: true,
    });
    // Page 100 counts 1000 past its first share: the pager grows as the reader goes on.
    expect(feedPages({ total: 1_990, totalCapped: true }, 10)).toEqual({
      pages: 199,
      isOpenEnded: true,
    });
  });
});
