import { type MatchWire, matchDeltaSchema, matchDetails, matchList } from '@sb/contract';
import type { EventSnapshot, PlayMessage } from '@sb/feed-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listConflationMs } from '../../src/realtime/match-broadcast';
import { callMatch } from '../match/helpers';
import { createTestApp, type TestApp } from '../test-app';
import {
  connect,
  createManualFeed,
  liveEvents,
  type ManualFeed,
  type MatchMessage,
  type RecordingSocket,
  roomOf,
  sleep,
} from './helpers';

const path = '/match/socket';
let feed: ManualFeed;
let testApp: TestApp;
let url: string;
let visitor: { token: string; uid: string };
let football: EventSnapshot;
let volleyball: EventSnapshot;
const sockets: RecordingSocket[] = [];

async function visitorSocket(): Promise<RecordingSocket> {
  const socket = await connect(url, { path, query: { ...visitor, realm: 'alpha', process: '2' } });
  sockets.push(socket);
  return socket;
}

/** Runs the feed until the match's next play message; answers it. */
function advanceToPlay(eventId: number): PlayMessage {
  for (let step = 0; step < 240; step++) {
    for (const message of feed.advance(500)) {
      if (message.type === 'play' && message.eventId === eventId) return message;
    }
  }
  throw new Error(`event ${eventId} had no play`);
}

beforeAll(async () => {
  feed = createManualFeed();
  const live = liveEvents(feed.simulator.snapshot()).filter((e) => e.fixture.sportId === 1);
  if (!live[0]) throw new Error('the seeded world has no live football at the start');
  football = live[0];
  const rally = liveEvents(feed.simulator.snapshot()).find((e) => e.fixture.sportId === 4);
  if (!rally) throw new Error('the seeded world has no live volleyball at the start');
  volleyball = rally;
  testApp = await createTestApp({ feedProvider: feed.provider });
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const address = testApp.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  url = `http://127.0.0.1:${address.port}`;
  const created = await testApp.call<{ token: string; uid: string }>('/app/api/visitor/create');
  visitor = { token: created.data.token, uid: created.data.uid };
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await testApp?.close();
});

describe('live data on the match socket', () => {
  it('sends a play to the match view as a delta with the tracker and the running clock', async () => {
    const detail = await visitorSocket();
    const list = await visitorSocket();
    const room = roomOf(football);
    await detail.request('join-room', { initData: false, rooms: [room] });
    await detail.next<MatchMessage>('snapshot', (m) => m.room === room);
    await list.request('join-room', { initData: false, rooms: [room], view: 'list' });
    await list.next<MatchMessage>('snapshot', (m) => m.room === room);
    await sleep(2 * listConflationMs);

    const listSince = list.mark();
    const since = detail.mark();
    const play = advanceToPlay(football.fixture.eventId);
    const delta = matchDeltaSchema.parse(
      await detail.next<MatchMessage>('delta', (m) => m.room === room && m.seq === play.seq, {
        since,
      }),
    );
    const shown = play.status.play;
    expect(delta.data.k).toBe('play');
    expect(delta.data.lt?.p).toEqual({
      n: shown?.n,
      k: shown?.kind,
      s: shown?.side === 'home' ? 1 : 2,
      m: shown?.at,
    });
    expect(delta.data.lt?.st?.map((stat) => stat.k)).toContain('possession');
    // The clock as the play read it, running at the feed's speed from the play's time.
    expect(delta.data.ev.ck).toMatchObject({
      s: play.status.clock?.elapsed,
      v: play.status.clock?.running ? 60 : 0,
      t: play.timestamp,
    });
    // A list row shows no play: nothing is sent to list views for it alone.
    feed.push([{ ...play, seq: play.seq + 1 }]);
    await sleep(3 * listConflationMs);
    const listStates = list
      .all<MatchMessage>('snapshot', listSince)
      .filter((m) => m.room === room && m.seq > play.seq);
    expect(listStates).toEqual([]);
    feed.replace(feed.simulator.snapshot());
  });

  it('answers the tracker in the details call and the clock, not the tracker, in lists', async () => {
    advanceToPlay(football.fixture.eventId);
    const detail: MatchWire = await callMatch(testApp, matchDetails, visitor, {
      matchId: football.fixture.eventId,
    });
    const held = feed.event(football.fixture.eventId).status;
    expect(detail.lt?.p?.n).toBe(held.play?.n);
    expect(detail.lt?.st?.find((stat) => stat.k === 'corners')).toEqual({
      k: 'corners',
      h: held.corners?.home,
      a: held.corners?.away,
    });
    expect(detail.ev.ck?.s).toBeGreaterThan(0);
    const page = await callMatch(testApp, matchList, visitor, { type: 1, sportId: 1, size: 100 });
    const row = page.records.find((record) => record.b === football.fixture.eventId);
    expect(row?.ev.ck).toEqual(detail.ev.ck);
    expect(row?.lt).toBeUndefined();
  });

  it('sends a volleyball rally with the points of the set, the server and the statistics', async () => {
    const detail = await visitorSocket();
    const room = roomOf(volleyball);
    await detail.request('join-room', { initData: false, rooms: [room] });
    await detail.next<MatchMessage>('snapshot', (m) => m.room === room);
    const since = detail.mark();
    const play = advanceToPlay(volleyball.fixture.eventId);
    const delta = matchDeltaSchema.parse(
      await detail.next<MatchMessage>('delta', (m) => m.room === room && m.seq === play.seq, {
        since,
      }),
    );
    const { status } = play;
    expect(delta.data.k).toBe('play');
    expect(['point', 'ace', 'service_error', 'set_point', 'match_point', 'timeout']).toContain(
      delta.data.lt?.p?.k,
    );
    expect(delta.data.lt?.st?.map((stat) => stat.k)).toEqual([
      'points_won',
      'serve_points',
      'aces',
      'service_errors',
      'longest_run',
    ]);
    // The set in play: its points in the game points and in its own period score, who serves.
    const set = status.periodScores.length;
    const ev = delta.data.ev as Record<string, unknown>;
    expect(delta.data.ev.gp).toEqual({ h: status.gamePoints?.home, a: status.gamePoints?.away });
    expect({ h: ev[`h${set}`], a: ev[`a${set}`] }).toEqual(delta.data.ev.gp);
    expect(delta.data.ev.sv).toBe(status.server === 'home' ? 1 : 2);
    expect(delta.data.ev.c).toBe(2 * set - 1);
    // Points won add up to the sets' points.
    const won = delta.data.lt?.st?.find((stat) => stat.k === 'points_won');
    const total = (side: 'home' | 'away') =>
      status.periodScores.reduce((sum, score) => sum + score[side], 0);
    expect(won).toEqual({ k: 'points_won', h: total('home'), a: total('away') });
    // Volleyball has no running clock.
    expect(delta.data.ev.ck).toBeUndefined();
  });
});
