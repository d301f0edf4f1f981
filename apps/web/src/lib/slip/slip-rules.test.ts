import { describe, expect, it } from 'vitest';
import {
  combinedOdds,
  parlayProblemOf,
  parseStakeMinor,
  returnIfAllWinMinor,
  stakeProblemOf,
} from './slip-rules';

describe('bet slip rules', () => {
  it('finds why a slip cannot go as a parlay', () => {
    const leg = (matchId: number, playId = 3) => ({ oi: `${matchId}-${playId}`, matchId, playId });
    expect(parlayProblemOf([leg(1), leg(2)])).toBeNull();
    expect(parlayProblemOf([leg(1)])).toBe('parlayNeedsTwo');
    expect(parlayProblemOf([leg(1), leg(1, 2)])).toBe('sameMatch');
    expect(parlayProblemOf([leg(1), leg(2, 999_999)])).toBe('noMixBet');
    expect(parlayProblemOf([leg(1), leg(2, 21_005)])).toBe('noMixBetChampion');
  });

  it('reads a stake in major units as minor units, never through a float', () => {
    expect(parseStakeMinor('12.5', 2)).toBe(1250);
    expect(parseStakeMinor(' 100 ', 2)).toBe(10_000);
    expect(parseStakeMinor('0.29', 2)).toBe(29);
    expect(parseStakeMinor('1.', 2)).toBe(100);
    expect(parseStakeMinor('0.0001', 4)).toBe(1);
    expect(parseStakeMinor('1.234', 2)).toBeNull();
    expect(parseStakeMinor('0', 2)).toBeNull();
    expect(parseStakeMinor('-5', 2)).toBeNull();
    expect(parseStakeMinor('5e3', 2)).toBeNull();
    expect(parseStakeMinor('', 2)).toBeNull();
  });

  it('prices a return as settlement pays a win, stake included and rounded down', () => {
    expect(combinedOdds([1.5, 2])).toBe(3);
    expect(returnIfAllWinMinor(1000, [1.91])).toBe(1910);
    expect(returnIfAllWinMinor(333, [1.91])).toBe(636);
    expect(returnIfAllWinMinor(0, [1.91])).toBe(0);
    expect(returnIfAllWinMinor(1000, [0])).toBe(0);
  });

  it('prices a parlay as the book strikes it, and its return as settlement pays it', () => {
    // 1.91 × 2.05 = 3.9155; × 1.33 = 5.207615 → 5.2076.
    expect(combinedOdds([1.91, 2.05, 1.33])).toBe(5.2076);
    // Settlement rounds once, at the end: 1000.00 × 5.207615 = 5207.615 → 5207.61, a cent more
    // than the struck price would say (5207.60).
    expect(returnIfAllWinMinor(100_000, [1.91, 2.05, 1.33])).toBe(520_761);
  });

  it('says what is wrong with the stake typed: text, range, then balance', () => {
    const context = {
      scale: 2,
      betCount: 1,
      limit: { minStake: 100, maxStake: 5_000 },
      availableMinor: 3_000,
    };
    expect(stakeProblemOf('', context)).toBeNull();
    expect(stakeProblemOf('1.234', context)).toBe('invalid');
    expect(stakeProblemOf('abc', context)).toBe('invalid');
    expect(stakeProblemOf('0.99', context)).toBe('belowMin');
    expect(stakeProblemOf('1', context)).toBeNull();
    expect(stakeProblemOf('30', context)).toBeNull();
    expect(stakeProblemOf('30.01', context)).toBe('overBalance');
    expect(stakeProblemOf('50.01', context)).toBe('aboveMax');
    // Singles: the stake is placed once per selection.
    expect(stakeProblemOf('20', { ...context, betCount: 2 })).toBe('overBalance');
    // The range or the balance not known yet: nothing to say of them.
    expect(stakeProblemOf('0.5', { ...context, limit: undefined })).toBeNull();
    expect(stakeProblemOf('40', { ...context, availableMinor: undefined })).toBeNull();
  });
});
