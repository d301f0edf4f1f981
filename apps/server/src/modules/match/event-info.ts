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

/** SPEC §3 event object: the codes of `c` are in the contract's `eventInfoSchema`. */
export function eventInfoOf(fixture: Fixture, status: MatchStatus): EventInfo {
  const scores = status.periodScores;
  const { home, away } = homeAndAway(fixture);
  return {
    a: fixture.sportId,
    b: fixture.eventId,
    c: eventCodes[status.status] ?? (status.status === 'live' ? status.periodCode : 0),
    e: Math.floor(status.clock?.elapsed ?? 0),
    g: status.description,
    h1: scores[0]?.home ?? 0,
    h2: scores[1]?.home ?? 0,
    h3: scores[2]?.home ?? 0,
    h4: scores[3]?.home ?? 0,
    h5: scores[4]?.home ?? 0,
    a1: scores[0]?.away ?? 0,
    a2: scores[1]?.away ?? 0,
    a3: scores[2]?.away ?? 0,
    a4: scores[3]?.away ?? 0,
    a5: scores[4]?.away ?? 0,
    hs: status.homeScore,
    as: status.awayScore,
    o: home,
    r: away,
  };
}
