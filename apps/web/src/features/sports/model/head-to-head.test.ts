import type { PastMatchWire } from '@sb/contract';
import { describe, expect, it } from 'vitest';
import { meetingTally, resultFor } from './head-to-head';

const past = (homeId: number, awayId: number, homeScore: number, awayScore: number) =>
  ({
    t: 0,
    leagueName: 'League',
    homeId,
    homeName: `T${homeId}`,
    awayId,
    awayName: `T${awayId}`,
    homeScore,
    awayScore,
  }) satisfies PastMatchWire;

describe('head-to-head', () => {
  it('reads a past match from either side', () => {
    expect(resultFor(1, past(1, 2, 2, 1))).toBe('W');
    expect(resultFor(2, past(1, 2, 2, 1))).toBe('L');
    expect(resultFor(2, past(1, 2, 0, 0))).toBe('D');
    expect(resultFor(1, past(2, 1, 0, 3))).toBe('W');
  });

  it('tallies meetings whichever side was at home', () => {
    const meetings = [past(1, 2, 2, 1), past(2, 1, 2, 1), past(2, 1, 1, 1), past(1, 2, 0, 3)];
    expect(meetingTally(1, meetings)).toEqual({ home: 1, draws: 1, away: 2 });
  });
});
