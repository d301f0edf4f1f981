import type { EventInfo, MatchClock } from '@sb/contract';

/**
 * How a live match's clock and period read, per sport (docs/matches.md, Event object): football
 * counts minutes with added time ("67'", "45+2'"), basketball counts down the quarter, ice
 * hockey counts up, set sports have no clock but sets, games and points.
 */
export type PeriodUnit = 'half' | 'quarter' | 'period' | 'tennisSet' | 'set' | 'map';
export type ClockStyle = 'minutes' | 'countdown' | 'countup' | 'none';

interface SportClock {
  unit: PeriodUnit;
  style: ClockStyle;
  /** Regular periods: a period after them is overtime. */
  periods: number;
  /** Minutes of a regular period: football's added time counts from there, ice hockey stops. */
  periodMinutes?: number;
}

const football: SportClock = { unit: 'half', style: 'minutes', periods: 2, periodMinutes: 45 };
const basketball: SportClock = { unit: 'quarter', style: 'countdown', periods: 4 };
const sets: SportClock = { unit: 'set', style: 'none', periods: 5 };
const tennis: SportClock = { unit: 'tennisSet', style: 'none', periods: 5 };

/** DESIGN §6 sport ids; sports not listed show the period code's set without a clock. */
const sportClocks: Record<number, SportClock> = {
  1: football,
  2: basketball,
  3: tennis,
  4: sets,
  5: { unit: 'period', style: 'countup', periods: 3, periodMinutes: 20 },
  20: sets,
  23: sets,
  31: { unit: 'map', style: 'none', periods: 5 },
  10000001: football,
  10000002: basketball,
};

export function sportClockOf(sportId: number): SportClock {
  return sportClocks[sportId] ?? sets;
}

/**
 * What the period is called, as a translation key under `liveTracker.period` and its number
 * (never the feed's English description):
 * `c` odd is period (c + 1) / 2 being played, even the break after it.
 */
export function periodNameOf(sportId: number, code: number): { key: string; n: number } | null {
  if (code < 1 || code > 10) return null;
  const { unit, periods } = sportClockOf(sportId);
  const n = Math.ceil(code / 2);
  if (code % 2 === 0) {
    const isHalfTime = (unit === 'half' && n === 1) || (unit === 'quarter' && n === 2);
    return { key: isHalfTime ? 'halfTime' : 'break', n };
  }
  if (n > periods) return { key: 'overtime', n };
  // The halves have names of their own ("1st half", 上半场), not a number.
  return { key: unit === 'half' ? `half${n}` : unit, n };
}

/**
 * How far the page runs a reading forward, in match seconds. A live match sends a new reading
 * with every message (a list row hears prices every match minute, virtual football only its goals
 * and periods); a clock that has heard nothing for half an hour of play stops rather than count
 * on for a feed that went quiet.
 */
export const maxRunForwardSeconds = 1800;

/** Seconds of match clock at `nowMs`: the reading run forward while the clock runs. */
export function clockSecondsAt(clock: MatchClock, nowMs: number): number {
  const ran =
    clock.v > 0
      ? Math.min(maxRunForwardSeconds, (clock.v * Math.max(0, nowMs - clock.t)) / 1000)
      : 0;
  // A countdown stops at zero: the period is over whatever the feed has not said yet.
  const limit = clock.l !== undefined ? clock.s + clock.l : Number.POSITIVE_INFINITY;
  return Math.floor(Math.min(clock.s + ran, limit));
}

const twoDigits = (n: number) => String(n).padStart(2, '0');
const minutesAndSeconds = (seconds: number) =>
  `${twoDigits(Math.floor(seconds / 60))}:${twoDigits(seconds % 60)}`;

/**
 * The clock as a live board shows it at `nowMs`: "67'" or "45+2'" (football), "07:12" left in
 * the quarter (basketball), "32:10" played (ice hockey); '' for a sport without a clock, a
 * break, or no reading.
 */
export function clockTextOf(sportId: number, event: EventInfo, nowMs: number): string {
  const { ck } = event;
  const sport = sportClockOf(sportId);
  if (!ck || sport.style === 'none' || event.c % 2 === 0) return '';
  const played = clockSecondsAt(ck, nowMs);
  if (sport.style === 'countdown') {
    const left = Math.max(0, (ck.l ?? 0) - (played - ck.s));
    return minutesAndSeconds(left);
  }
  if (sport.style === 'countup') {
    // Ice hockey's clock stops at the end of a regular period, whatever the feed has not said.
    const period = Math.ceil(event.c / 2);
    const end =
      period <= sport.periods && sport.periodMinutes ? sport.periodMinutes * 60 * period : played;
    return minutesAndSeconds(Math.min(played, end));
  }
  const minute = Math.floor(played / 60) + 1;
  const period = Math.ceil(event.c / 2);
  const regularEnd = (sport.periodMinutes ?? 45) * Math.min(period, sport.periods);
  return minute > regularEnd ? `${regularEnd}+${minute - regularEnd}'` : `${minute}'`;
}

const tennisPoints = ['0', '15', '30', '40'];

/**
 * Tennis points in the game: "30-15", "40-40", "AD-40"; a tie-break (six games all) counts
 * plainly, as do the points of a volleyball, table tennis or badminton set and the rounds of an
 * esports map ("17-15"). Null when the feed gave none.
 */
export function gamePointsTextOf(event: EventInfo): string | null {
  const { gp } = event;
  if (!gp) return null;
  if (sportClockOf(event.a).unit !== 'tennisSet') return `${gp.h}-${gp.a}`;
  const set = Math.ceil(event.c / 2);
  const games = { h: event[`h${set}` as 'h1'] ?? 0, a: event[`a${set}` as 'a1'] ?? 0 };
  if (games.h === 6 && games.a === 6) return `${gp.h}-${gp.a}`;
  if (gp.h >= 3 && gp.a >= 3) {
    if (gp.h === gp.a) return '40-40';
    return gp.h > gp.a ? 'AD-40' : '40-AD';
  }
  return `${tennisPoints[gp.h] ?? gp.h}-${tennisPoints[gp.a] ?? gp.a}`;
}
