import * as calls from '@sb/contract';
import type { BetSettlementMessage, FeedMessage } from '@sb/feed-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../test-app';
import { callMatch, createMatchTestApp, createVisitor, type ManualFeed } from './helpers';

let testApp: TestApp;
let feed: ManualFeed;
let visitor: calls.Session;
const settlements = new Map<number, BetSettlementMessage>();
let liveBefore: calls.MatchWire[] = [];

beforeAll(async () => {
  // At 60 times the speed a football match takes under two minutes of the test's clock.
  ({ testApp, feed } = await createMatchTestApp({ speed: 60 }));
  visitor = await createVisitor(testApp);
  liveBefore = (await callMatch(testApp, calls.matchList, visitor, { type: 1, size: 1000 }))
    .records;
  const messages: FeedMessage[] = [];
  for (let step = 0; step < 40; step += 1) messages.push(...feed.advance(15_000));
  for (const message of messages)
    if (message.type === 'bet_settlement') settlements.set(message.eventId, message);
});
afterAll(() => testApp.close());

describe('results', () => {
  it('lists finished matches with their final scores, latest first', async () => {
    const results = await callMatch(testApp, calls.matchResultList, visitor, { size: 200 });
    expect(results.total).toBeGreaterThan(20);
    expect(results.records.length).toBe(Math.min(200, results.total));
    for (const record of results.records) {
      expect(['ended', 'closed', 'cancelled', 'abandoned', 'postponed']).toContain(record.rs);
      const settled = settlements.get(record.b);
      if (record.rs !== 'cancelled' && settled && settled.result.ranking === undefined) {
        expect(record.hs).toBe(settled.result.homeScore);
        expect(record.as).toBe(settled.result.awayScore);
      }
    }
    const kickOffs = results.records.map((record) => record.t);
    expect([...kickOffs].sort((a, b) => b - a)).toEqual(kickOffs);
    const withPeriods = results.records.find((record) => record.a === 1 && record.rs === 'closed');
    expect(withPeriods ? withPeriods.h1 + withPeriods.h2 : 0).toBe(withPeriods?.hs ?? 0);
  });

  it('filters results by sport, league and kick-off window, under both names', async () => {
    const football = await callMatch(testApp, calls.matchResultsList, visitor, { sportId: 1 });
    expect(football.records.length).toBeGreaterThan(0);
    expect(football.records.every((record) => record.a === 1)).toBe(true);
    const league = football.records[0]?.l;
    const byLeague = await callMatch(testApp, calls.matchResultList, visitor, { leagueId: league });
    expect(byLeague.records.every((record) => record.l === league)).toBe(true);
    const newest = football.records[0]?.t ?? 0;
    const window = await callMatch(testApp, calls.matchResultList, visitor, {
      startTime: newest,
      endTime: newest + 1,
    });
    expect(window.records.every((record) => record.t === newest)).toBe(true);
    expect(window.total).toBeGreaterThan(0);
  });

  it('moves finished matches out of the live list and into type 5', async () => {
    const live = await callMatch(testApp, calls.matchList, visitor, { type: 1, size: 1000 });
    const finished = await callMatch(testApp, calls.matchList, visitor, { type: 5, size: 1000 });
    const finishedIds = new Set(finished.records.map((match) => match.b));
    expect(
      finished.records.every((match) => match.g === 2 && Object.keys(match.z).length === 0),
    ).toBe(true);
    const endedSinceStart = liveBefore.filter((match) => finishedIds.has(match.b));
    expect(endedSinceStart.length).toBeGreaterThan(0);
    const liveIds = new Set(live.records.map((match) => match.b));
    expect(endedSinceStart.some((match) => liveIds.has(match.b))).toBe(false);
  });

  it('shows a finished match with its settled markets', async () => {
    const results = await callMatch(testApp, calls.matchResultList, visitor, { sportId: 1 });
    const closed = results.records.find((record) => settlements.has(record.b));
    const match = await callMatch(testApp, calls.matchDetails, visitor, { matchId: closed?.b });
    expect(match.g).toBe(2);
    const options = Object.values(match.z).flatMap((lines) => Object.values(lines).flat());
    expect(options.length).toBeGreaterThan(0);
    expect(options.every((option) => option.s !== calls.optionStatus.open)).toBe(true);
    expect(options.some((option) => option.s === calls.optionStatus.settled)).toBe(true);
  });
});
