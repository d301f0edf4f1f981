import { matchListType, type SocketMatch, type SportCount } from '@sb/contract';
import { displayDayOf, displayDayStartMs } from '@sb/domain';
import { outrightSportId } from './sports';

/** The display day ends at midnight four hours behind UTC (SPEC §9), as the server splits lists. */
export function endOfDisplayDay(nowMs: number): number {
  return displayDayStartMs(displayDayOf(nowMs) + 1);
}

/** What the socket last said of a followed match: null when the book does not hold it. */
export interface SocketNews {
  matchId: number;
  match: SocketMatch | null;
}

/**
 * Whether a match as the socket describes it belongs in a list type (docs/matches.md): open
 * means not finished; today holds live matches and those kicking off before the display day
 * ends; outrights only in their own sport. Null for types the socket cannot decide (favourites).
 */
export function belongsInType(match: SocketMatch, type: number, nowMs: number): boolean | null {
  const isOpen = match.g !== 2;
  const isOutright = match.a === outrightSportId;
  switch (type) {
    case matchListType.all:
      return isOpen;
    case matchListType.live:
      return match.g === 1 && !isOutright;
    case matchListType.today:
      return isOpen && !isOutright && (match.g === 1 || match.t < endOfDisplayDay(nowMs));
    case matchListType.early:
      return isOpen && !isOutright && match.g === 0 && match.t >= endOfDisplayDay(nowMs);
    case matchListType.outright:
      return isOpen && isOutright;
    default:
      return null;
  }
}

/**
 * The sport tabs' counts, moved by what the socket said since the list was read: a followed
 * match that now belongs in the list and was not listed (it arrived, or kicked off into the live
 * list) adds one to its sport; a listed match that left (it ended, or the book dropped it)
 * takes one away. The answer depends only on the states, so news heard twice counts once.
 */
export function countsWithSocketNews(
  listCounts: ReadonlyMap<number, number>,
  listed: readonly { a: number; b: number }[],
  news: Iterable<SocketNews>,
  type: number,
  nowMs: number,
): Map<number, number> {
  const counts = new Map(listCounts);
  const listedSport = new Map(listed.map((match) => [match.b, match.a]));
  for (const { matchId, match } of news) {
    const isIn = match ? belongsInType(match, type, nowMs) : false;
    if (isIn === null) return new Map(listCounts);
    const sportId = match?.a ?? listedSport.get(matchId);
    if (sportId === undefined) continue;
    const wasListed = listedSport.has(matchId);
    const step = isIn && !wasListed ? 1 : !isIn && wasListed ? -1 : 0;
    if (step !== 0) counts.set(sportId, Math.max(0, (counts.get(sportId) ?? 0) + step));
  }
  return counts;
}

/**
 * The counts of a list type out of the match socket's `counts` event (docs/realtime.md), by
 * sport; null for the types it does not count (favourites are each member's own).
 */
export function countsOfType(
  counts: readonly SportCount[],
  type: number,
): Map<number, number> | null {
  const pick = (entry: SportCount): number | null => {
    switch (type) {
      case matchListType.all:
        return entry.total;
      case matchListType.live:
        return entry.live;
      case matchListType.today:
        return entry.today;
      case matchListType.early:
        return entry.early;
      case matchListType.outright:
        return entry.outright;
      default:
        return null;
    }
  };
  const byType = new Map<number, number>();
  for (const entry of counts) {
    const count = pick(entry);
    if (count === null) return null;
    byType.set(entry.sportId, count);
  }
  return byType;
}

/** The last `counts` event of the match socket, and when it arrived (epoch ms). */
export interface HeardCounts {
  receivedAtMs: number;
  counts: readonly SportCount[];
}

export interface TabCountsInput {
  listCounts: ReadonlyMap<number, number>;
  /** When the list answer arrived (epoch ms). */
  listReadAtMs: number;
  listed: readonly { a: number; b: number }[];
  news: Iterable<SocketNews>;
  heard: HeardCounts | null;
  type: number;
  nowMs: number;
}

/**
 * The counts the sport tabs show: the newer of the list answer and the socket's `counts` event.
 * The event counts every match of the book, new ones included, so while it is the newer it
 * stands alone; the list's counts are moved by what the followed rooms said since (news already
 * in a later event would otherwise count twice).
 */
export function tabCounts(input: TabCountsInput): Map<number, number> {
  const { heard, type } = input;
  if (heard && heard.receivedAtMs >= input.listReadAtMs) {
    const fromEvent = countsOfType(heard.counts, type);
    if (fromEvent) return fromEvent;
  }
  return countsWithSocketNews(input.listCounts, input.listed, input.news, type, input.nowMs);
}
