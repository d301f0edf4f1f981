import type { SharePlaced } from '@sb/contract';
import type { ShareRow, TipsterDayRow } from './community.schema';

/** Ten-thousandths: a return equal to the stake. */
const evenUnits = 10_000;
/** The lowest total odds a counted share may have (ten-thousandths: 1.30). */
export const rankMinOdds = 13_000;
/** Fewest counted shares a tipster needs in a window to be ranked. */
export const rankMinOrders = 20;
/** The normal quantile of a two-sided 95 % interval. */
export const rankZ = 1.96;
/** `sport_id` of a tipster's day row over every sport. */
export const allSports = 0;

/** What one counted share adds to its day: r is return over stake minus 1, ten-thousandths. */
export interface RankedEntry {
  r: number;
  outcome: 'won' | 'lost' | 'push';
  sportIds: readonly number[];
}

/** The kick-off of a share's earliest leg, or null when a leg's start is unknown. */
export function firstKickOff(placed: SharePlaced): number | null {
  let first: number | null = null;
  for (const leg of placed.legs) {
    if (leg.kickOff === null) return null;
    first = first === null ? leg.kickOff : Math.min(first, leg.kickOff);
  }
  return first;
}

/**
 * What a share adds to its tipster's ranking, or null when it does not count: it must name its
 * tipster (not anonymous), not be hidden, have ended won, lost or push (not void, cashed out or
 * rejected), have total odds of at least 1.30, and have been shared before its earliest leg's
 * kick-off (a leg of unknown start proves nothing, so such a share does not count). A share
 * withdrawn before that kick-off does not count; one withdrawn after it still does, so a tipster
 * cannot withdraw the shares going wrong.
 */
export function rankedEntry(
  row: Pick<
    ShareRow,
    'privacy' | 'hiddenAt' | 'outcome' | 'returnUnits' | 'placed' | 'withdrawnAt' | 'sportIds'
  >,
): RankedEntry | null {
  if (row.privacy === 'anonymous' || row.hiddenAt !== null) return null;
  if (row.outcome !== 'won' && row.outcome !== 'lost' && row.outcome !== 'push') return null;
  const placed = row.placed as SharePlaced;
  if (placed.odds < rankMinOdds) return null;
  const kickOff = firstKickOff(placed);
  if (kickOff === null || placed.sharedAt >= kickOff) return null;
  if (row.withdrawnAt !== null && row.withdrawnAt.getTime() < kickOff) return null;
  return {
    r: (row.returnUnits ?? evenUnits) - evenUnits,
    outcome: row.outcome,
    sportIds: row.sportIds,
  };
}

export type DayFigures = Omit<TipsterDayRow, 'userId' | 'sportId' | 'day'>;

const emptyDay = (): DayFigures => ({
  orders: 0,
  wins: 0,
  losses: 0,
  sumR: 0,
  sumR2: 0,
  winPrefix: 0,
  winSuffix: 0,
  bestStreak: 0,
});

/** Adds one counted share, in the order they froze, to a day's figures. */
export function addEntry(day: DayFigures, entry: RankedEntry): DayFigures {
  const next = { ...day, orders: day.orders + 1, sumR: day.sumR + entry.r };
  next.sumR2 = day.sumR2 + entry.r * entry.r;
  if (entry.outcome === 'won') {
    next.wins += 1;
    next.winSuffix += 1;
    if (day.losses === 0) next.winPrefix += 1;
    next.bestStreak = Math.max(next.bestStreak, next.winSuffix);
  } else if (entry.outcome === 'lost') {
    next.losses += 1;
    next.winSuffix = 0;
  }
  return next;
}

/** A tipster's rows of one day: every sport (0) and each sport of their counted shares. */
export function dayRowsOf(entries: readonly RankedEntry[]): Map<number, DayFigures> {
  const rows = new Map<number, DayFigures>([[allSports, emptyDay()]]);
  for (const entry of entries)
    for (const sportId of [allSports, ...new Set(entry.sportIds)])
      rows.set(sportId, addEntry(rows.get(sportId) ?? emptyDay(), entry));
  return rows;
}

/** The longest run of wins over day rows in day order. */
export function longestWinStreak(
  days: readonly Pick<DayFigures, 'losses' | 'winPrefix' | 'winSuffix' | 'bestStreak'>[],
): number {
  let best = 0;
  let run = 0;
  for (const day of days) {
    if (day.losses === 0) {
      run += day.winPrefix;
    } else {
      run += day.winPrefix;
      best = Math.max(best, run);
      run = day.winSuffix;
    }
    best = Math.max(best, run, day.bestStreak);
  }
  return best;
}

/**
 * The ranking's score of n counted shares: the lower end of a 95 % confidence interval of the
 * level-stake yield, mean(r) − 1.96 · s / √n with s the sample standard deviation of r, in the
 * units of r (ten-thousandths of the stake), rounded. Null below two shares.
 */
export function rankScore(n: number, sumR: number, sumR2: number): number | null {
  if (n < 2) return null;
  const mean = sumR / n;
  const variance = Math.max(0, (sumR2 - (sumR * sumR) / n) / (n - 1));
  return Math.round(mean - (rankZ * Math.sqrt(variance)) / Math.sqrt(n));
}

/** The UTC day of an instant, as `YYYY-MM-DD`. */
export const dayOf = (at: Date): string => at.toISOString().slice(0, 10);

/** The first day of a window of `days` days ending on the day of `now`. */
export function windowStart(now: Date, days: number): string {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  start.setUTCDate(start.getUTCDate() - (days - 1));
  return dayOf(start);
}
