import type { EventInfo } from '@sb/contract';
import { describe, expect, it } from 'vitest';
import { currentPeriodOf, periodScoresOf } from './period-scores';

const event = (c: number): EventInfo => ({
  a: 2,
  b: 7,
  c,
  e: 0,
  g: '',
  h1: 20,
  h2: 18,
  h3: 25,
  h4: 0,
  h5: 0,
  a1: 22,
  a2: 15,
  a3: 9,
  a4: 0,
  a5: 0,
  hs: 63,
  as: 46,
  o: 'Home',
  r: 'Away',
});

describe('period scores', () => {
  it('maps codes two per period', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(currentPeriodOf)).toEqual([
      1, 1, 2, 2, 3, 3, 4, 4, 5, 5,
    ]);
    expect(currentPeriodOf(0)).toBe(0);
    expect(currentPeriodOf(90)).toBe(0);
  });

  it('marks earlier periods previous and the current one current', () => {
    expect(periodScoresOf(event(5))).toEqual([
      { period: 1, home: 20, away: 22, state: 'previous' },
      { period: 2, home: 18, away: 15, state: 'previous' },
      { period: 3, home: 25, away: 9, state: 'current' },
    ]);
  });

  it('shows nothing before the start or once finished', () => {
    expect(periodScoresOf(event(0))).toEqual([]);
    expect(periodScoresOf(event(90))).toEqual([]);
  });
});
