import type { EventInfo } from '@sb/contract';

/** Period codes run 1–10, two per period (SPEC §4): 1–2 first … 9–10 fifth. */
const lastPeriodCode = 10;
const periodCount = 5;

export type PeriodState = 'previous' | 'current';

export interface PeriodScore {
  period: number;
  home: number;
  away: number;
  state: PeriodState;
}

/** The period a live code stands in (1–5), or 0 when the code is not a playing period. */
export function currentPeriodOf(code: number): number {
  if (code < 1 || code > lastPeriodCode) return 0;
  return Math.ceil(code / 2);
}

/**
 * The period scores to show for a live match: every period up to the current one, the current
 * one highlighted and the earlier ones marked previous. Nothing before the start or after it.
 */
export function periodScoresOf(event: EventInfo): PeriodScore[] {
  const current = currentPeriodOf(event.c);
  const scores: PeriodScore[] = [];
  for (let period = 1; period <= Math.min(current, periodCount); period++) {
    const home = event[`h${period}` as 'h1'];
    const away = event[`a${period}` as 'a1'];
    scores.push({ period, home, away, state: period === current ? 'current' : 'previous' });
  }
  return scores;
}
