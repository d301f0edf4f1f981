import { type Language, matchListType } from '@sb/contract';
import { displayDayOf, displayDayStartMs } from '@sb/domain';
import type { League } from '@sb/feed-sim';
import { leagueIn, namesOfEveryLanguage } from '../feed/feed.service';
import type { EventState, ReadModel } from '../feed/feed.types';
import { isFinished } from './event-info';
import { virtualSportIdFloor } from './match-wire';
import type { Viewer } from './viewer';

/** The viewer's favourites by subject, with each favourite's record id. */
export interface FavouriteIndex {
  leagues: ReadonlyMap<number, number>;
  matches: ReadonlyMap<number, number>;
}

export const noFavourites: FavouriteIndex = { leagues: new Map(), matches: new Map() };

/** What a list asks for beyond the viewer's own limits. */
export interface Selection {
  /** `matchListType`. */
  type: number;
  sportId?: number | undefined;
  leagueId?: number | undefined;
  tag?: string | undefined;
}

export interface SelectionResult {
  /** Matching events in display order. */
  events: EventState[];
  /** Per sport: matches of the same type and viewer limits, whatever the sport filter. */
  counts: Map<number, number>;
}

/** The end of the display day (SPEC §9: UTC−4) that `atMs` falls in. */
export function endOfDisplayDay(atMs: number): number {
  return displayDayStartMs(displayDayOf(atMs) + 1);
}

/** Live first, then by kick-off, league and id: the order every list shows. */
export function compareForList(left: EventState, right: EventState): number {
  const leftLive = left.status.status === 'live' ? 0 : 1;
  const rightLive = right.status.status === 'live' ? 0 : 1;
  return (
    leftLive - rightLive ||
    left.fixture.startTime - right.fixture.startTime ||
    left.fixture.league.id - right.fixture.league.id ||
    left.fixture.eventId - right.fixture.eventId
  );
}

/** Latest kick-off first, then by id: the order of results, in memory and in the catalogue. */
export function compareForResults(
  left: Pick<EventState, 'fixture'>,
  right: Pick<EventState, 'fixture'>,
): number {
  return (
    right.fixture.startTime - left.fixture.startTime || left.fixture.eventId - right.fixture.eventId
  );
}

export function isFavourite(state: EventState, favourites: FavouriteIndex): boolean {
  return (
    favourites.matches.has(state.fixture.eventId) || favourites.leagues.has(state.fixture.league.id)
  );
}

/** Whether the viewer may see this event at all: control switches and leagueIds. */
export function isVisibleTo(state: EventState, viewer: Viewer): boolean {
  const { fixture } = state;
  if (!viewer.visibility.isSportVisible(fixture.sportId)) return false;
  return viewer.leagueIds === null || viewer.leagueIds.has(fixture.league.id);
}

/**
 * Whether an event belongs in a list type. Outrights show only in their own tab, in "all" and
 * among favourites; the date tabs hold matches.
 */
export function isOfType(
  state: EventState,
  type: number,
  todayEndMs: number,
  favourites: FavouriteIndex,
): boolean {
  const { fixture, status } = state;
  if (type === matchListType.results) return isFinished(status);
  if (isFinished(status)) return false;
  const isOutright = fixture.kind === 'outright';
  switch (type) {
    case matchListType.all:
      return true;
    case matchListType.live:
      return status.status === 'live' && !isOutright;
    case matchListType.today:
      return !isOutright && fixture.startTime < todayEndMs;
    case matchListType.early:
      return !isOutright && fixture.startTime >= todayEndMs;
    case matchListType.outright:
      return isOutright;
    case matchListType.favourites:
      return isFavourite(state, favourites);
    case matchListType.virtual:
      return fixture.sportId > virtualSportIdFloor;
    default:
      return false;
  }
}

/** Lists over the read model; nothing here touches the database. */
export function selectEvents(
  readModel: ReadModel,
  viewer: Viewer,
  selection: Selection,
  options: { nowMs: number; favourites: FavouriteIndex },
): SelectionResult {
  const todayEndMs = endOfDisplayDay(options.nowMs);
  const events: EventState[] = [];
  const counts = new Map<number, number>();
  for (const state of readModel.all()) {
    if (!isVisibleTo(state, viewer)) continue;
    if (!isOfType(state, selection.type, todayEndMs, options.favourites)) continue;
    const { fixture } = state;
    counts.set(fixture.sportId, (counts.get(fixture.sportId) ?? 0) + 1);
    if (selection.sportId !== undefined && fixture.sportId !== selection.sportId) continue;
    if (selection.leagueId !== undefined && fixture.league.id !== selection.leagueId) continue;
    if (selection.tag !== undefined && !isTagOf(fixture.league, selection.tag)) continue;
    events.push(state);
  }
  events.sort(selection.type === matchListType.results ? compareForResults : compareForList);
  return { events, counts };
}

/** A tag is a league's category, as any language names it (the tags call names it the viewer's way). */
function isTagOf(league: League, tag: string): boolean {
  return namesOfEveryLanguage(league.category, league.categoryNames).includes(tag);
}

/** Events grouped by league, busiest first, named in `language`: the league filter and hot leagues. */
export function groupByLeague(events: readonly EventState[], language: Language, liveWeight = 1) {
  const leagues = new Map<
    number,
    {
      leagueId: number;
      leagueName: string;
      category: string;
      sportId: number;
      count: number;
      score: number;
    }
  >();
  for (const state of events) {
    const { sportId } = state.fixture;
    const league = leagueIn(state.fixture.league, language);
    let entry = leagues.get(league.id);
    if (!entry) {
      entry = {
        leagueId: league.id,
        leagueName: league.name,
        category: league.category,
        sportId,
        count: 0,
        score: 0,
      };
      leagues.set(league.id, entry);
    }
    entry.count += 1;
    entry.score += state.status.status === 'live' ? liveWeight : 1;
  }
  return [...leagues.values()]
    .sort((left, right) => right.score - left.score || left.leagueId - right.leagueId)
    .map(({ score: _score, ...league }) => league);
}

/** Open matches of one sport (or one league), per list type, as the sport tabs count them. */
export interface TypeCounts {
  live: number;
  today: number;
  early: number;
  outright: number;
  /** Every open event: the home list (type 0). */
  total: number;
}

export const noCounts: Readonly<TypeCounts> = {
  live: 0,
  today: 0,
  early: 0,
  outright: 0,
  total: 0,
};

/** Open events by sport, then by league: one pass over the book that every viewer's counts share. */
export type OpenEventTally = Map<number, Map<number, TypeCounts>>;

/**
 * Counts the open events of the book per sport and league, split as the lists split them
 * (`isOfType`), so the counts call, the list's `counts` and the socket's count event agree.
 */
export function tallyOpenEvents(events: Iterable<EventState>, nowMs: number): OpenEventTally {
  const todayEndMs = endOfDisplayDay(nowMs);
  const tally: OpenEventTally = new Map();
  for (const state of events) {
    if (isFinished(state.status)) continue;
    const { sportId, league } = state.fixture;
    let leagues = tally.get(sportId);
    if (!leagues) {
      leagues = new Map();
      tally.set(sportId, leagues);
    }
    let entry = leagues.get(league.id);
    if (!entry) {
      entry = { ...noCounts };
      leagues.set(league.id, entry);
    }
    entry.total += 1;
    if (isOfType(state, matchListType.live, todayEndMs, noFavourites)) entry.live += 1;
    if (isOfType(state, matchListType.today, todayEndMs, noFavourites)) entry.today += 1;
    if (isOfType(state, matchListType.early, todayEndMs, noFavourites)) entry.early += 1;
    if (isOfType(state, matchListType.outright, todayEndMs, noFavourites)) entry.outright += 1;
  }
  return tally;
}

/**
 * One sport's counts for a viewer: nothing of a sport the control switches hide, and only the
 * leagues of a member's `leagueIds` (hidden plays never hide a match, so they do not count).
 */
export function sportCountsFor(
  tally: OpenEventTally,
  sportId: number,
  viewer: Pick<Viewer, 'visibility' | 'leagueIds'>,
): TypeCounts {
  const sum = { ...noCounts };
  const leagues = tally.get(sportId);
  if (!leagues || !viewer.visibility.isSportVisible(sportId)) return sum;
  for (const [leagueId, counts] of leagues) {
    if (viewer.leagueIds !== null && !viewer.leagueIds.has(leagueId)) continue;
    sum.live += counts.live;
    sum.today += counts.today;
    sum.early += counts.early;
    sum.outright += counts.outright;
    sum.total += counts.total;
  }
  return sum;
}
