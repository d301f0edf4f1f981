import { matchListType, type SocketMatch, type SportCount } from '@sb/contract';
import { describe, expect, it } from 'vitest';
import { countsOfType, countsWithSocketNews, endOfDisplayDay, tabCounts } from './socket-counts';

const nowMs = Date.UTC(2026, 0, 10, 12, 0);

function socketMatch(b: number, g: number, t = nowMs - 60_000, a = 1): SocketMatch {
  return { a, b, g, t } as SocketMatch;
}

const listCounts = new Map([
  [1, 2],
  [2, 5],
]);
const listedLive = [
  { a: 1, b: 10 },
  { a: 1, b: 11 },
];

describe('sport counts moved by the socket', () => {
  it('ends the display day at midnight four hours behind UTC', () => {
    expect(endOfDisplayDay(nowMs)).toBe(Date.UTC(2026, 0, 11, 4, 0));
    expect(endOfDisplayDay(Date.UTC(2026, 0, 10, 3, 0))).toBe(Date.UTC(2026, 0, 10, 4, 0));
  });

  it('adds a followed match that kicked off to the live count, once however often it is told', () => {
    const news = [
      { matchId: 10, match: socketMatch(10, 1) },
      { matchId: 12, match: socketMatch(12, 1) },
      { matchId: 12, match: socketMatch(12, 1) },
    ];
    const counts = countsWithSocketNews(listCounts, listedLive, news, matchListType.live, nowMs);
    // Told twice about match 12, counted once: the answer depends on the states alone.
    expect(counts.get(1)).toBe(4);
    const again = countsWithSocketNews(listCounts, listedLive, news.slice(0, 2), 1, nowMs);
    expect(again.get(1)).toBe(3);
    expect(again.get(2)).toBe(5);
  });

  it('adds a match that arrives in the book and takes away one that ended or was dropped', () => {
    const news = [
      { matchId: 10, match: socketMatch(10, 2) },
      { matchId: 11, match: null },
      { matchId: 30, match: socketMatch(30, 0, nowMs + 3_600_000, 2) },
    ];
    const counts = countsWithSocketNews(listCounts, listedLive, news, matchListType.all, nowMs);
    expect(counts.get(1)).toBe(0);
    expect(counts.get(2)).toBe(6);
  });

  it('splits today and early on the display day, and leaves favourites to the list', () => {
    const tomorrow = endOfDisplayDay(nowMs) + 60_000;
    const news = [{ matchId: 40, match: socketMatch(40, 0, tomorrow) }];
    expect(countsWithSocketNews(listCounts, [], news, matchListType.today, nowMs).get(1)).toBe(2);
    expect(countsWithSocketNews(listCounts, [], news, matchListType.early, nowMs).get(1)).toBe(3);
    expect(countsWithSocketNews(listCounts, [], news, matchListType.favourites, nowMs)).toEqual(
      listCounts,
    );
  });
});

describe("the socket's count event", () => {
  const heardCounts: SportCount[] = [
    { sportId: 1, live: 4, today: 9, early: 20, outright: 0, total: 29 },
    { sportId: 1000, live: 0, today: 0, early: 0, outright: 7, total: 7 },
  ];

  it('reads the count of each list type, and none of favourites', () => {
    expect(countsOfType(heardCounts, matchListType.all)).toEqual(
      new Map([
        [1, 29],
        [1000, 7],
      ]),
    );
    expect(countsOfType(heardCounts, matchListType.live)?.get(1)).toBe(4);
    expect(countsOfType(heardCounts, matchListType.today)?.get(1)).toBe(9);
    expect(countsOfType(heardCounts, matchListType.early)?.get(1)).toBe(20);
    expect(countsOfType(heardCounts, matchListType.outright)?.get(1000)).toBe(7);
    expect(countsOfType(heardCounts, matchListType.favourites)).toBeNull();
  });

  it('shows the newer of the list answer and the event, never the two added up', () => {
    // Match 12 kicked off: the followed room said so, and the event counted it too.
    const news = [{ matchId: 12, match: socketMatch(12, 1) }];
    const base = { listCounts, listed: listedLive, news, type: matchListType.live, nowMs };
    const heard = { receivedAtMs: 2_000, counts: heardCounts };
    expect(tabCounts({ ...base, listReadAtMs: 1_000, heard }).get(1)).toBe(4);
    expect(tabCounts({ ...base, listReadAtMs: 3_000, heard }).get(1)).toBe(3);
    expect(tabCounts({ ...base, listReadAtMs: 1_000, heard: null }).get(1)).toBe(3);
    expect(
      tabCounts({ ...base, type: matchListType.favourites, listReadAtMs: 1_000, heard }),
    ).toEqual(listCounts);
  });
});
