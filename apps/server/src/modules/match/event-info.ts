import type { EventInfo } from '@sb/contract';
import type { Fixture, MatchStatus } from '@sb/feed-sim';

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
export function homeAndAway(fixture: Fixture): {
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

  constructor(fixture: Fixture, status: MatchStatus) {
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
  }
}

/** SPEC §3 event object: the codes of `c` are in the contract's `eventInfoSchema`. */
export function eventInfoOf(fixture: Fixture, status: MatchStatus): EventInfo {
  return new EventInfoRecord(fixture, status);
}
