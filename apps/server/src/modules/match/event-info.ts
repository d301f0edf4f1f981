import type { EventInfo, LiveTracker, MatchClock } from '@sb/contract';
import type { Fixture, MatchStatus, RunningOrder } from '@sb/feed-sim';

/** SPEC §3 event object and the match states the lists sort by. */

/** The event states a match is over or called off in. */
export const finishedStatusNames: readonly string[] = [
  'ended',
  'closed',
  'cancelled',
  'abandoned',
  'postponed',
];
const finishedStatuses = new Set(finishedStatusNames);
const eventCodes: Record<string, number> = {
  ended: 90,
  closed: 90,
  cancelled: 91,
  postponed: 92,
  abandoned: 93,
};

/** Over or called off: nothing is left to bet on, and the results list it. */
export function isFinished(status: MatchStatus): boolean {
  return finishedStatuses.has(status.status);
}

/** Match `g`: 1 live, 0 pre-match, 2 finished. */
export function liveFlagOf(status: MatchStatus): number {
  if (status.status === 'live') return 1;
  return isFinished(status) ? 2 : 0;
}

/** A match's home and away sides; an outright or race has its title and no away side. */
export function homeAndAway(fixture: Pick<Fixture, 'kind' | 'name' | 'competitors'>): {
  home: string;
  away: string;
  homeId: number;
  awayId: number;
} {
  const [home, away] = fixture.competitors;
  if (fixture.kind !== 'match' || !home || !away)
    return { home: fixture.name, away: '', homeId: 0, awayId: 0 };
  return { home: home.name, away: away.name, homeId: home.id, awayId: away.id };
}

/**
 * SPEC §3 event object, made anew for every change of a match. Constructed rather than written as
 * an object literal, as the options are (see `PricedOption` in market-options.ts): V8 does not
 * move constructed objects to the old generation on a guess.
 */
class EventInfoRecord implements EventInfo {
  readonly a: number;
  readonly b: number;
  readonly c: number;
  readonly e: number;
  readonly g: string;
  readonly h1: number;
  readonly h2: number;
  readonly h3: number;
  readonly h4: number;
  readonly h5: number;
  readonly a1: number;
  readonly a2: number;
  readonly a3: number;
  readonly a4: number;
  readonly a5: number;
  readonly hs: number;
  readonly as: number;
  readonly o: string;
  readonly r: string;
  readonly ck: MatchClock | undefined;
  readonly gp: { h: number; a: number } | undefined;
  readonly sv: number | undefined;

  constructor(fixture: Fixture, status: MatchStatus, reading?: ClockReading) {
    const scores = status.periodScores;
    const { home, away } = homeAndAway(fixture);
    this.a = fixture.sportId;
    this.b = fixture.eventId;
    this.c = eventCodes[status.status] ?? (status.status === 'live' ? status.periodCode : 0);
    this.e = Math.floor(status.clock?.elapsed ?? 0);
    this.g = status.description;
    this.h1 = scores[0]?.home ?? 0;
    this.h2 = scores[1]?.home ?? 0;
    this.h3 = scores[2]?.home ?? 0;
    this.h4 = scores[3]?.home ?? 0;
    this.h5 = scores[4]?.home ?? 0;
    this.a1 = scores[0]?.away ?? 0;
    this.a2 = scores[1]?.away ?? 0;
    this.a3 = scores[2]?.away ?? 0;
    this.a4 = scores[3]?.away ?? 0;
    this.a5 = scores[4]?.away ?? 0;
    this.hs = status.homeScore;
    this.as = status.awayScore;
    this.o = home;
    this.r = away;
    const isLive = status.status === 'live';
    this.ck = isLive && reading ? clockOf(status, reading) : undefined;
    this.gp = isLive && status.gamePoints ? pairOf(status.gamePoints) : undefined;
    this.sv = isLive && status.server ? (status.server === 'home' ? 1 : 2) : undefined;
  }
}

/** When the status was read (server time) and how fast a running clock goes. */
export interface ClockReading {
  at: number;
  speed: number;
}

const pairOf = (score: { home: number; away: number }) => ({ h: score.home, a: score.away });

function clockOf(status: MatchStatus, reading: ClockReading): MatchClock | undefined {
  const { clock } = status;
  if (!clock) return undefined;
  const out: MatchClock = {
    s: Math.floor(clock.elapsed),
    v: clock.running ? reading.speed : 0,
    t: reading.at,
  };
  if (clock.remaining !== undefined) out.l = Math.floor(clock.remaining);
  if (clock.stoppageMinutes !== undefined) out.x = clock.stoppageMinutes;
  return out;
}

/**
 * SPEC §3 event object: the codes of `c` are in the contract's `eventInfoSchema`. With a
 * reading, a live match carries its clock.
 */
export function eventInfoOf(
  fixture: Fixture,
  status: MatchStatus,
  reading?: ClockReading,
): EventInfo {
  return new EventInfoRecord(fixture, status, reading);
}

/**
 * The match tracker of a live match with live data, or a race's running order from the off to
 * its results (docs/matches.md, Live data).
 */
export function liveTrackerOf(status: MatchStatus, fixture: Fixture): LiveTracker | undefined {
  if (status.runningOrder) return raceTrackerOf(fixture, status.runningOrder);
  const { play, stats } = status;
  if (status.status !== 'live' || !play) return undefined;
  return {
    p: { n: play.n, k: play.kind, s: play.side === 'home' ? 1 : 2, m: Math.floor(play.at) },
    st: (stats ?? []).map((stat) => ({ k: stat.key, h: stat.home, a: stat.away })),
  };
}

/** The feed names runners by id; a page also wants each one's saddle number and name. */
function raceTrackerOf(fixture: Fixture, order: RunningOrder): LiveTracker {
  return {
    ro: order.runners.map((runner) => {
      const saddle = fixture.competitors.findIndex((competitor) => competitor.id === runner.id);
      return {
        i: runner.id,
        n: saddle + 1,
        h: fixture.competitors[saddle]?.name ?? '',
        d: Math.round(runner.progress * 1000),
      };
    }),
  };
}
