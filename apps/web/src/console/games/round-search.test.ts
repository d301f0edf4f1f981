import { describe, expect, it } from 'vitest';
import { emptyRoundSearch, roundFiltersOf, windowOf } from './round-search';

describe('the rounds’ search', () => {
  it('sends only the filters typed, trimmed, the round number in capitals', () => {
    expect(roundFiltersOf(emptyRoundSearch)).toEqual({ filters: {} });
    expect(
      roundFiltersOf({
        ...emptyRoundSearch,
        userId: ' 42 ',
        gameId: 'house.dice',
        roundNo: 'g123',
        status: 'won',
      }),
    ).toEqual({ filters: { userId: 42, gameId: 'house.dice', roundNo: 'G123', status: 'won' } });
  });

  it('names the first field typed wrong', () => {
    const problemOf = (change: Partial<typeof emptyRoundSearch>) =>
      roundFiltersOf({ ...emptyRoundSearch, ...change });
    expect(problemOf({ userId: 'abc' })).toEqual({ problem: 'userIdInvalid' });
    expect(problemOf({ userId: '0' })).toEqual({ problem: 'userIdInvalid' });
    expect(problemOf({ gameId: 'dice' })).toEqual({ problem: 'gameIdInvalid' });
    expect(problemOf({ roundNo: '123' })).toEqual({ problem: 'roundNoInvalid' });
    expect(problemOf({ from: 'soon' })).toEqual({ problem: 'fromInvalid' });
  });

  it('reads a window in the operator’s time, either end open, the end after the start', () => {
    const from = '2026-03-01T10:00';
    const to = '2026-03-02T10:00';
    expect(windowOf('', '')).toEqual({ window: {} });
    expect(windowOf(from, '')).toEqual({ window: { startTime: new Date(from).getTime() } });
    expect(windowOf(from, to)).toEqual({
      window: { startTime: new Date(from).getTime(), endTime: new Date(to).getTime() },
    });
    expect(windowOf(to, from)).toEqual({ problem: 'toBeforeFrom' });
    expect(windowOf(from, from)).toEqual({ problem: 'toBeforeFrom' });
    expect(windowOf('', 'later')).toEqual({ problem: 'toInvalid' });
  });
});
