import { type MatchWire, matchDeltaSchema, matchDetails, matchList } from '@sb/contract';
import type { EventFeedMessage, EventSnapshot, Fixture, RunningOrder } from '@sb/feed-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callMatch } from '../match/helpers';
import { createTestApp, type TestApp } from '../test-app';
import {
  connect,
  createManualFeed,
  type ManualFeed,
  type MatchMessage,
  type RecordingSocket,
  roomOf,
} from './helpers';

const virtualRacing = 10000005;
let feed: ManualFeed;
let testApp: TestApp;
let url: string;
let visitor: { token: string; uid: string };
let race: EventSnapshot;
let socket: RecordingSocket | undefined;

/** Runs the feed until the race sends a message `where` accepts; answers the last such one. */
function advanceUntil(where: (message: EventFeedMessage) => boolean): EventFeedMessage {
  for (let step = 0; step < 240; step++) {
    const found = feed
      .advance(500)
      .filter((m): m is EventFeedMessage => m.type !== 'alive')
      .filter((m) => m.eventId === race.fixture.eventId && where(m));
    const last = found.at(-1);
    if (last) return last;
  }
  throw new Error(`race ${race.fixture.eventId} sent no such message`);
}

/** The running order as the match view carries it: saddle numbers and names (Traditional Chinese, as the socket asks). */
function shownOrder(order: RunningOrder | undefined, fixture: Fixture) {
  return (order?.runners ?? []).map((runner) => {
    const saddle = fixture.competitors.findIndex((c) => c.id === runner.id);
    return {
      i: runner.id,
      n: saddle + 1,
      h: fixture.competitors[saddle]?.names?.zht,
      d: Math.round(runner.progress * 1000),
    };
  });
}

beforeAll(async () => {
  feed = createManualFeed('race-order');
  const next = feed.simulator
    .snapshot()
    .events.filter((e) => e.fixture.sportId === virtualRacing && e.status.status === 'not_started')
    .sort((a, b) => a.fixture.startTime - b.fixture.startTime)[0];
  if (!next) throw new Error('the seeded world has no race to come');
  race = next;
  testApp = await createTestApp({ feedProvider: feed.provider });
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const address = testApp.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  url = `http://127.0.0.1:${address.port}`;
  const created = await testApp.call<{ token: string; uid: string }>('/app/api/visitor/create');
  visitor = { token: created.data.token, uid: created.data.uid };
});

afterAll(async () => {
  socket?.close();
  await testApp?.close();
});

describe("a race's running order on the match view", () => {
  it('reaches the match socket as a play delta and the details call as the tracker', async () => {
    socket = await connect(url, {
      path: '/match/socket',
      query: { ...visitor, realm: 'alpha', process: '2', lang: 'zht' },
    });
    const room = roomOf(race);
    await socket.request('join-room', { initData: false, rooms: [room] });
    await socket.next<MatchMessage>('snapshot', (m) => m.room === room);
    const since = socket.mark();
    const play = advanceUntil((m) => m.type === 'play');
    if (play.type !== 'play') throw new Error('not a play');
    const order = play.status.runningOrder;
    expect(order?.runners).toHaveLength(race.fixture.competitors.length);
    const delta = matchDeltaSchema.parse(
      await socket.next<MatchMessage>('delta', (m) => m.room === room && m.seq === play.seq, {
        since,
      }),
    );
    expect(delta.data.k).toBe('play');
    expect(delta.data.lt?.ro).toEqual(shownOrder(order, race.fixture));

    const detail: MatchWire = await callMatch(
      testApp,
      matchDetails,
      visitor,
      { matchId: race.fixture.eventId },
      { lang: 'zht' },
    );
    expect(detail.g).toBe(1);
    expect(detail.lt?.ro).toEqual(shownOrder(order, race.fixture));
    // Lists show no tracker: a row has no room for the field.
    const page = await callMatch(testApp, matchList, visitor, { type: 1, sportId: virtualRacing });
    const row = page.records.find((record) => record.b === race.fixture.eventId);
    expect(row).toBeDefined();
    expect(row?.lt).toBeUndefined();
  });

  it('shows the finishing order the race is settled with once it is decided', async () => {
    const settlement = advanceUntil((m) => m.type === 'bet_settlement');
    if (settlement.type !== 'bet_settlement') throw new Error('not a settlement');
    const ranking = settlement.result.ranking ?? [];
    expect(ranking).toHaveLength(race.fixture.competitors.length);
    const detail: MatchWire = await callMatch(testApp, matchDetails, visitor, {
      matchId: race.fixture.eventId,
    });
    expect(detail.g).toBe(2);
    expect(detail.lt?.ro?.map((runner) => runner.i)).toEqual(ranking);
    expect(detail.lt?.ro?.[0]?.d).toBe(1000);
  });
});
