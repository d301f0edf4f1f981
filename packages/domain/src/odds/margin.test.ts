import { describe, expect, it } from 'vitest';
import {
  applyExtraMargin,
  extraMarginFor,
  isHandicapPlay,
  memberOdds,
  parseOddsConfig,
} from './margin';
import { fairProbabilities, overround, roundOdds, toOddsUnits } from './price';

describe('member extra margin', () => {
  it('reads both shapes of oddsConfig', () => {
    expect(parseOddsConfig([10, 20, 5])).toEqual({ nonHandicap: 10, handicap: 20, base: 5 });
    expect(parseOddsConfig([10, 20, 5, 0, 3])).toEqual({ nonHandicap: 10, handicap: 20, base: 5 });
    expect(parseOddsConfig('1,2,3')).toEqual({ nonHandicap: 1, handicap: 2, base: 3 });
    expect(parseOddsConfig(undefined)).toEqual({ nonHandicap: 0, handicap: 0, base: 0 });
    expect(parseOddsConfig(['x' as unknown as number])).toEqual({
      nonHandicap: 0,
      handicap: 0,
      base: 0,
    });
  });

  it('takes a config already read as it is, pricing alike', () => {
    const read = parseOddsConfig([10, 20, 5]);
    expect(parseOddsConfig(read)).toBe(read);
    expect(memberOdds(1.91, 1, read, 7)).toBe(memberOdds(1.91, 1, [10, 20, 5], 7));
    expect(memberOdds(2.5, 3, read)).toBe(memberOdds(2.5, 3, '10,20,5'));
  });

  it('picks the handicap or non-handicap part by play', () => {
    const config = parseOddsConfig([10, 20, 5]);
    expect(isHandicapPlay(1)).toBe(true);
    expect(isHandicapPlay(18)).toBe(true);
    expect(isHandicapPlay(3)).toBe(false);
    // Team totals, total cards and the puck line are lines too; double chance is not.
    for (const playId of [23, 24, 27, 30]) expect(isHandicapPlay(playId)).toBe(true);
    expect(isHandicapPlay(21)).toBe(false);
    expect(extraMarginFor(config, 1)).toBe(25);
    expect(extraMarginFor(config, 3)).toBe(15);
    expect(extraMarginFor(config, 21000)).toBe(15);
  });

  it('adds thousandths of implied probability and rounds down', () => {
    // 1/2 + 0.02 = 0.52 -> 1.923 -> 1.92
    expect(applyExtraMargin(2, 20)).toBe(1.92);
    // 1/1.91 + 0.01 = 0.5336 -> 1.874 -> 1.87
    expect(applyExtraMargin(1.91, 10)).toBe(1.87);
    expect(applyExtraMargin(1.91, 0)).toBe(1.91);
    expect(applyExtraMargin(1.01, 30)).toBe(1.01);
    expect(applyExtraMargin(2, -20)).toBe(2.08);
    expect(memberOdds(2, 1, [0, 20, 0])).toBe(1.92);
    expect(memberOdds(2, 3, [0, 20, 0])).toBe(2);
  });

  it("adds the book's margin to the member's and rounds once", () => {
    // 1/2 + 0.01 (book) + 0.01 (member) = 0.52 -> 1.92, as one margin of 20 would.
    expect(memberOdds(2, 1, [0, 10, 0], 10)).toBe(1.92);
    expect(memberOdds(2, 3, [0, 10, 0], 20)).toBe(1.92);
    expect(memberOdds(2, 3, [0, 0, 0], -20)).toBe(2.08);
    expect(memberOdds(1.91, 3, [0, 0, 0], 0)).toBe(1.91);
  });

  it('raises a whole market by the extra margin per outcome', () => {
    const odds = [1.95, 1.95];
    const adjusted = odds.map((price) => applyExtraMargin(price, 15));
    expect(overround(adjusted) - overround(odds)).toBeGreaterThanOrEqual(0.03);
    expect(overround(adjusted) - overround(odds)).toBeLessThan(0.035);
  });
});

describe('price helpers', () => {
  it('rounds and stores prices', () => {
    expect(roundOdds(1.005)).toBe(1.01);
    expect(roundOdds(0.5)).toBe(1.01);
    expect(roundOdds(1.159, 'down')).toBe(1.15);
    expect(roundOdds(1.15, 'down')).toBe(1.15);
    expect(toOddsUnits(1.91)).toBe(19100);
  });

  it('removes the margin from a market', () => {
    const fair = fairProbabilities([1.9, 1.9]);
    expect(fair).toEqual([0.5, 0.5]);
    const three = fairProbabilities([2.1, 3.3, 3.6]);
    expect(three.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(overround([2.1, 3.3, 3.6])).toBeCloseTo(1 / 2.1 + 1 / 3.3 + 1 / 3.6 - 1, 12);
  });
});
