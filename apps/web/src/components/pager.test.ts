import { describe, expect, it } from 'vitest';
import { pageCountOf } from './pager';

describe('pageCountOf', () => {
  it('counts whole pages, one at least', () => {
    expect(pageCountOf(0, 10)).toBe(1);
    expect(pageCountOf(10, 10)).toBe(1);
    expect(pageCountOf(11, 10)).toBe(2);
  });
});
