import { describe, expect, it } from 'vitest';
import {
  combinedOdds,
  parlayProblemOf,
  parseStakeMinor,
  potentialReturnMinor,
  stakeLimitProblemOf,
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

  it('prices a return as the server does, stake included and rounded down', () => {
    expect(combinedOdds([1.5, 2])).toBe(3);
    expect(potentialReturnMinor(1000, 1.91)).toBe(1910);
    expect(potentialReturnMinor(333, 1.91)).toBe(636);
  });

  it('flags a stake below the minimum or above the maximum, both ends allowed', () => {
    const limit = { minStake: 100, maxStake: 5_000 };
    expect(stakeLimitProblemOf(99, limit)).toBe('belowMin');
    expect(stakeLimitProblemOf(100, limit)).toBeNull();
    expect(stakeLimitProblemOf(5_000, limit)).toBeNull();
    expect(stakeLimitProblemOf(5_001, limit)).toBe('aboveMax');
    // Nothing typed yet, or the range not known yet: nothing to flag.
    expect(stakeLimitProblemOf(null, limit)).toBeNull();
    expect(stakeLimitProblemOf(50, undefined)).toBeNull();
  });
});
