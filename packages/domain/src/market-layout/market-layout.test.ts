import { describe, expect, it } from 'vitest';
import {
  columnsFor,
  isVirtualSport,
  listPlayIds,
  listRowsFor,
  mainLineOf,
  playLayoutOf,
  sortLines,
  sortPlayIds,
} from './market-layout';

describe('market layout', () => {
  it('shows 3 markets in mini mode, 5 in the large variant and 1 for virtual sports', () => {
    expect(listRowsFor(1, true)).toBe(3);
    expect(listRowsFor(1, false)).toBe(5);
    expect(listRowsFor(10000001, false)).toBe(1);
    expect(listRowsFor(10000002, true)).toBe(1);
    expect(isVirtualSport(1_000_000)).toBe(false);
    expect(isVirtualSport(1_000_001)).toBe(true);
  });

  it('orders football plays handicap, totals, 1X2, first half, then the rest', () => {
    expect(sortPlayIds(1, [7, 3, 18, 1, 11, 2, 6, 4, 16, 5])).toEqual([
      1, 2, 3, 4, 5, 11, 16, 18, 6, 7,
    ]);
  });

  it('puts plays the table does not name last, by id, with two columns', () => {
    expect(sortPlayIds(2, [500, 3, 400, 1])).toEqual([1, 3, 400, 500]);
    expect(playLayoutOf(400)).toEqual({ sort: 500, columns: 2 });
  });

  it('picks the first rows of a match for its list row', () => {
    const plays = [6, 3, 2, 1, 4, 5, 11];
    expect(listPlayIds(1, plays, true)).toEqual([1, 2, 3]);
    expect(listPlayIds(1, plays, false)).toEqual([1, 2, 3, 4, 5]);
  });

  it('puts football’s newer plays and the puck line after the older ones, off the list rows', () => {
    const plays = [27, 26, 25, 24, 23, 22, 21, 20, 7, 6, 3, 2, 1, 18, 16, 5, 4, 11];
    expect(sortPlayIds(1, plays)).toEqual([
      1, 2, 3, 4, 5, 11, 16, 18, 6, 7, 21, 22, 20, 26, 23, 24, 25, 27,
    ]);
    expect(listPlayIds(1, plays, false)).toEqual([1, 2, 3, 4, 5]);
    expect(listPlayIds(5, [30, 3, 7], true)).toEqual([3, 7, 30]);
    // Half-time/full-time's nine outcomes in rows of three, the next goal's three in one.
    expect(columnsFor(25, 9)).toBe(3);
    expect(columnsFor(26, 3)).toBe(3);
    expect(columnsFor(21, 3)).toBe(3);
    expect(columnsFor(30, 2)).toBe(2);
  });

  it('orders virtual plays 1X2 first and shows one', () => {
    expect(sortPlayIds(10000001, [2, 1, 3, 6])).toEqual([3, 1, 2, 6]);
    expect(listPlayIds(10000001, [2, 1, 3], false)).toEqual([3]);
  });

  it('gives each play its columns, never more than its options', () => {
    expect(columnsFor(3, 3)).toBe(3);
    expect(columnsFor(3, 2)).toBe(2);
    expect(columnsFor(9, 8)).toBe(8);
    expect(columnsFor(10, 12)).toBe(6);
    expect(columnsFor(1, 2)).toBe(2);
    expect(columnsFor(1, 0)).toBe(1);
  });

  it('orders handicap and total lines by their value', () => {
    const lines = [
      ['hcp=-2', 'a'],
      ['hcp=-3', 'b'],
      ['hcp=-2.25', 'c'],
    ] as const;
    expect(sortLines(lines)).toEqual(['b', 'c', 'a']);
    expect(sortLines([['total=3.5', 'x'] as const, ['', 'y'] as const])).toEqual(['y', 'x']);
  });

  it('orders a main-line play by number too, its main line among the others', () => {
    const lines = [
      ['hcp=-0.5', 'main'],
      ['hcp=-1.5', 'lower'],
      ['hcp=0.5', 'higher'],
    ] as const;
    expect(sortLines(lines)).toEqual(['lower', 'main', 'higher']);
  });

  it('finds the main line by the smallest gap between open prices, unpriced lines never', () => {
    const lines = [
      [[1.5, 2.6], 'wide'],
      [[0, 0], 'closed'],
      [[1.9, 1.95], 'tight'],
    ] as const;
    expect(mainLineOf(lines)).toBe('tight');
    expect(mainLineOf([[[0, 0], 'closed'] as const, [[1.2, 4], 'open'] as const])).toBe('open');
    expect(mainLineOf([])).toBeUndefined();
  });

  it('orders a scoped play by its part of the match, then by line', () => {
    const lines = [
      ['quarternr=2|hcp=-0.5', 'q2'],
      ['quarternr=10|hcp=-1.5', 'q10'],
      ['quarternr=1|hcp=1.5', 'q1 +1.5'],
      ['quarternr=1|hcp=-2.5', 'q1 -2.5'],
    ] as const;
    expect(sortLines(lines)).toEqual(['q1 -2.5', 'q1 +1.5', 'q2', 'q10']);
    expect(sortPlayIds(2, [45, 40, 3, 42, 44, 41, 43])).toEqual([3, 42, 43, 40, 41, 44, 45]);
  });
});
