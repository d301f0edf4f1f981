import {
  heartbeatSchema,
  matchDeltaSchema,
  matchSnapshotSchema,
  optionStatus,
  providerStateSchema,
  refusedSchema,
  sportCountsEventSchema,
  sysInitEventSchema,
} from '@sb/contract';
import type { BetStopMessage, EventSnapshot, OddsChangeMessage } from '@sb/feed-sim';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { listConflationMs } from '../../src/realtime/match-broadcast';
import { maxRoomsPerSocket } from '../../src/realtime/match-rooms';
import { adminCall, createOperator, signIn } from '../operators/helpers';
import { createTestApp, type TestApp } from '../test-app';
import {
  type Answer,
  connect,
  connectRefused,
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
/** Live football, freshly kicked off: busy for the whole file. */
let first: EventSnapshot;
let second: EventSnapshot;
const sockets: RecordingSocket[] = [];

async function visitorSocket(): Promise<RecordingSocket> {
  const socket = await connect(url, { path, query: { ...visitor, realm: 'alpha', process: '2' } });
  sockets.push(socket);
  return socket;
}

/** Runs the feed until `eventId` has had at least `count` more messages; answers their seqs. */
function advanceUntil(eventId: number, count: number): number[] {
  const seqs: number[] = [];
  for (let step = 0; step < 240 && seqs.length < count; step++) {
    for (const message of feed.advance(1_000)) {
      if (message.type !== 'alive' && message.eventId === eventId) seqs.push(message.seq);
    }
  }
  if (seqs.length < count) throw new Error(`event ${eventId} went quiet`);
  return seqs;
}

const isFor = (room: string) => (message: MatchMessage) => message.room === room;

/** The statuses of every option a match (or a delta) carries; empty when it carries none. */
function optionStatuses(data: unknown): Set<number> {
  const statuses = new Set<number>();
  const { z } = data as { z: Record<string, Record<string, { s: number }[]>> };
  for (const markets of Object.values(z))
    for (const options of Object.values(markets))
      for (const option of options) statuses.add(option.s);
  return statuses;
}

beforeAll(async () => {
  feed = createManualFeed();
  const football = liveEvents(feed.simulator.snapshot())
    .filter((event) => event.fixture.sportId === 1)
    .sort((a, b) => a.seq - b.seq);
  [first, second] = football as [EventSnapshot, EventSnapshot];
  if (!first || !second) throw new Error('the seeded world has no live football at the start');
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

describe('/match/socket connections', () => {
  it('refuses a connection without a token, with a clear connect_error', async () => {
    const error = await connectRefused(url, { path });
    expect(error.message).toMatch(/token missing/);
    expect(error.data).toMatchObject({ code: 403 });
  });

  it('refuses an unknown token and a token of another uid', async () => {
    const unknown = await connectRefused(url, { path, query: { token: 'x'.repeat(43), uid: 'u' } });
    expect(unknown.message).toMatch(/unknown, expired or revoked/);
    expect(unknown.data).toMatchObject({ code: 403 });
    const otherUid = await connectRefused(url, {
      path,
      query: { token: visitor.token, uid: `${visitor.uid}x` },
    });
    expect(otherUid.data).toMatchObject({ code: 403 });
  });

  it('admits a visitor and sends a heartbeat with the epoch at once', async () => {
    const socket = await visitorSocket();
    const heartbeat = await socket.next<{ t: number; epoch: number; alive: boolean }>('heartbeat');
    expect(heartbeat.epoch).toBeGreaterThan(0);
    expect(heartbeat.alive).toBe(true);
    expect(Math.abs(heartbeat.t - Date.now())).toBeLessThan(5_000);
  });
});

describe('snapshots and deltas', () => {
  it('answers join-room with a snapshot, then sends every change as a delta with seq + 1', async () => {
    const socket = await visitorSocket();
    const room = roomOf(first);
    const answer = await socket.request('join-room', { initData: false, rooms: [room] });
    expect(answer).toEqual({ code: 0, msg: 'success', data: { rooms: 1 } });
    const snapshot = await socket.next<MatchMessage>('snapshot', isFor(room));
    const before = feed.event(first.fixture.eventId);
    expect(snapshot.seq).toBe(before.seq);
    // The match calls' own wire form: SPEC §3 short names, `g` 1 for a live match.
    expect(snapshot.data).toMatchObject({ a: 1, b: first.fixture.eventId, g: 1 });

    const since = socket.mark();
    const seqs = advanceUntil(first.fixture.eventId, 3);
    const last = seqs.at(-1) as number;
    await socket.next<MatchMessage>('delta', (delta) => delta.seq === last, { since });
    const deltas = socket.all<MatchMessage>('delta', since).filter(isFor(room));
    expect(deltas.map((delta) => delta.seq)).toEqual(seqs);
    expect(deltas[0]?.seq).toBe(snapshot.seq + 1);
    for (const delta of deltas) expect(delta.epoch).toBe(snapshot.epoch);
  });

  it('reads a handshake and requests sent as text, as every HTTP call reads its fields', async () => {
    // A query is text on the wire; an empty value is a field left out (docs/wire.md).
    const socket = await connect(url, {
      path,
      query: { ...visitor, realm: 'alpha', process: '2', source: '' },
    });
    sockets.push(socket);
    const rooms = [roomOf(first), roomOf(second)];
    const answer = await socket.request('join-room', {
      initData: 'false',
      rooms: rooms.join(','),
      view: '',
    });
    expect(answer).toEqual({ code: 0, msg: 'success', data: { rooms: 2 } });
    for (const room of rooms) await socket.next<MatchMessage>('snapshot', isFor(room));
    const resync = await socket.request('G', { rooms: roomOf(second) });
    expect(resync).toMatchObject({ code: 0, data: { rooms: 1 } });
  });

  it('adds a room with append-join-room and replaces the set with join-room', async () => {
    const socket = await visitorSocket();
    const firstRoom = roomOf(first);
    const secondRoom = roomOf(second);
    await socket.request('join-room', { initData: false, rooms: [firstRoom] });
    const appended = await socket.request('append-join-room', secondRoom);
    expect(appended).toEqual({ code: 0, msg: 'success', data: { rooms: 2 } });
    await socket.next<MatchMessage>('snapshot', isFor(secondRoom));

    let since = socket.mark();
    const secondSeqs = advanceUntil(second.fixture.eventId, 1);
    advanceUntil(first.fixture.eventId, 1);
    await socket.next<MatchMessage>('delta', isFor(secondRoom), { since });
    await socket.next<MatchMessage>('delta', isFor(firstRoom), { since });
    expect(secondSeqs.length).toBeGreaterThan(0);

    const replaced = await socket.request('join-room', { initData: false, rooms: [secondRoom] });
    expect(replaced.data).toEqual({ rooms: 1 });
    since = socket.mark();
    const firstSeqs = advanceUntil(first.fixture.eventId, 2);
    const lastSecond = advanceUntil(second.fixture.eventId, 1).at(-1) as number;
    await socket.next<MatchMessage>('delta', (delta) => delta.seq === lastSecond, { since });
    expect(firstSeqs.length).toBe(2);
    expect(socket.all<MatchMessage>('delta', since).filter(isFor(firstRoom))).toEqual([]);
  });

  it("keeps a detail appended in match view through the list's joins, until moved back", async () => {
    const socket = await visitorSocket();
    const listRoom = roomOf(second);
    const detailRoom = roomOf(first);
    await socket.request('join-room', { initData: false, rooms: [listRoom], view: 'list' });
    await socket.request('append-join-room', { room: detailRoom, view: 'match' });
    await socket.next<MatchMessage>('snapshot', isFor(detailRoom));

    // The list's next join names the detail's room too: it stays in match view, unanswered.
    let since = socket.mark();
    const rooms = [listRoom, detailRoom];
    const joined = await socket.request('join-room', { initData: false, rooms, view: 'list' });
    expect(joined.data).toEqual({ rooms: 2 });
    expect(socket.all<MatchMessage>('snapshot', since).filter(isFor(detailRoom))).toEqual([]);
    since = socket.mark();
    const seqs = advanceUntil(first.fixture.eventId, 1);
    const delta = await socket.next<MatchMessage>('delta', isFor(detailRoom), { since });
    expect(delta.seq).toBe(seqs[0]);

    // Appended as a list room again (the detail closed), it gets whole states only.
    await socket.request('append-join-room', { room: detailRoom, view: 'list' });
    since = socket.mark();
    const listSeqs = advanceUntil(first.fixture.eventId, 1);
    const lastSeq = listSeqs.at(-1) as number;
    await socket.next<MatchMessage>('snapshot', (message) => message.seq === lastSeq, { since });
    expect(socket.all<MatchMessage>('delta', since).filter(isFor(detailRoom))).toEqual([]);

    // A list join without it drops it.
    const dropped = await socket.request('join-room', {
      initData: false,
      rooms: [listRoom],
      view: 'list',
    });
    expect(dropped.data).toEqual({ rooms: 1 });
  });

  it('sends fresh snapshots of every joined room on G, or of the rooms it names', async () => {
    const socket = await visitorSocket();
    const rooms = [roomOf(first), roomOf(second)];
    await socket.request('join-room', { initData: false, rooms });
    let since = socket.mark();
    expect(await socket.request('G')).toEqual({ code: 0, msg: 'success', data: { rooms: 2 } });
    expect(
      socket
        .all<MatchMessage>('snapshot', since)
        .map((snapshot) => snapshot.room)
        .sort(),
    ).toEqual([...rooms].sort());

    since = socket.mark();
    socket.socket.emit('G', { rooms: [rooms[1]] });
    const snapshot = await socket.next<MatchMessage>('snapshot', () => true, { since });
    expect(snapshot.room).toBe(rooms[1]);
    expect(snapshot.seq).toBe(feed.event(second.fixture.eventId).seq);
  });

  it('lets a client that missed a delta catch up: the seq jumps, it asks, it gets a snapshot', async () => {
    const socket = await visitorSocket();
    const room = roomOf(first);
    await socket.request('join-room', { initData: false, rooms: [room] });
    const snapshot = await socket.next<MatchMessage>('snapshot', isFor(room));
    // The client loses the next delta on its side, then sees the one after it.
    let held = snapshot.seq;
    let gapSeen = false;
    const since = socket.mark();
    socket.socket.on('delta', (delta: MatchMessage) => {
      if (delta.room !== room || gapSeen) return;
      if (delta.seq === snapshot.seq + 1) return;
      if (delta.seq !== held + 1) {
        gapSeen = true;
        socket.socket.emit('G', { rooms: [room] });
      }
      held = delta.seq;
    });
    advanceUntil(first.fixture.eventId, 2);
    const fresh = await socket.next<MatchMessage>('snapshot', isFor(room), { since });
    expect(gapSeen).toBe(true);
    expect(fresh.seq).toBe(feed.event(first.fixture.eventId).seq);
    expect(fresh.data).not.toBeNull();
  });

  it('answers a room of a match the book does not hold with seq 0 and no data', async () => {
    const socket = await visitorSocket();
    await socket.request('join-room', { initData: false, rooms: ['A-1-999999999'] });
    const snapshot = await socket.next<MatchMessage>('snapshot');
    expect(snapshot).toMatchObject({ room: 'A-1-999999999', seq: 0, data: null });
  });

  it('sends every joined room a snapshot of the new epoch when the book is rebuilt', async () => {
    const socket = await visitorSocket();
    const room = roomOf(first);
    await socket.request('join-room', { initData: false, rooms: [room] });
    const before = await socket.next<MatchMessage>('snapshot', isFor(room));
    const since = socket.mark();
    feed.replace(feed.simulator.snapshot());
    const after = await socket.next<MatchMessage>('snapshot', isFor(room), { since });
    expect(after.epoch).toBe(before.epoch + 1);
    expect(after.seq).toBe(feed.event(first.fixture.eventId).seq);
  });
});

describe('list views and suspensions', () => {
  // Messages written here take seqs the simulator will use again: after each test the book is
  // reloaded from the simulator (a new epoch), so the feed's own messages apply after them.
  afterEach(() => feed.replace(feed.simulator.snapshot()));

  /** A message the feed could have sent next for this event. */
  function nextOddsChange(event: EventSnapshot): OddsChangeMessage {
    return {
      type: 'odds_change',
      eventId: event.fixture.eventId,
      sportId: event.fixture.sportId,
      timestamp: feed.simulator.now(),
      seq: event.seq + 1,
      status: event.status,
      markets: event.markets.filter((market) => market.status === 'active').slice(0, 1),
    };
  }

  function nextBetStop(event: EventSnapshot): BetStopMessage {
    return {
      type: 'bet_stop',
      eventId: event.fixture.eventId,
      sportId: event.fixture.sportId,
      timestamp: feed.simulator.now(),
      seq: event.seq + 1,
      reason: 'possible_goal',
      status: event.status,
    };
  }

  it('conflates a list view but sends a suspension at once, ahead of earlier price changes', async () => {
    const list = await visitorSocket();
    const detail = await visitorSocket();
    const rooms = [roomOf(first), roomOf(second)];
    await list.request('join-room', { initData: false, rooms, view: 'list' });
    await detail.request('join-room', { initData: false, rooms: [roomOf(first)] });
    await sleep(2 * listConflationMs);

    // A price change of the second match, then a bet stop of the first, in one batch.
    const firstNow = feed.event(first.fixture.eventId);
    const secondNow = feed.event(second.fixture.eventId);
    const listSince = list.mark();
    const detailSince = detail.mark();
    feed.push([nextOddsChange(secondNow), nextBetStop(firstNow)]);

    const suspended = await detail.next<MatchMessage>('delta', () => true, { since: detailSince });
    expect(suspended).toMatchObject({ room: roomOf(first), seq: firstNow.seq + 1 });
    // A bet stop holds every market: the delta carries them all, each option suspended.
    expect(suspended.data).toMatchObject({ k: 'bet_stop', b: first.fixture.eventId });
    expect(optionStatuses(suspended.data)).toEqual(new Set([optionStatus.suspended]));

    await list.next<MatchMessage>('snapshot', isFor(rooms[1] as string), { since: listSince });
    const received = list.all<MatchMessage>('snapshot', listSince);
    expect(received.map((message) => message.room)).toEqual([rooms[0], rooms[1]]);
    expect(received[0]).toMatchObject({ seq: firstNow.seq + 1 });
    expect(optionStatuses(received[0]?.data)).toEqual(new Set([optionStatus.suspended]));
    expect(received[1]).toMatchObject({ seq: secondNow.seq + 1 });
    expect(optionStatuses(received[1]?.data)).toContain(optionStatus.open);
    // A list view never gets deltas, only whole states.
    expect(list.all('delta', listSince)).toEqual([]);
  });

  it('sends a list view at most one state per match per interval, the latest', async () => {
    const list = await visitorSocket();
    const room = roomOf(first);
    await list.request('join-room', { initData: false, rooms: [room], view: 'list' });
    await list.next<MatchMessage>('snapshot', isFor(room));
    await sleep(2 * listConflationMs);
    const since = list.mark();
    // Five changes inside one interval; they change no prices, so none is urgent.
    const event = feed.event(first.fixture.eventId);
    for (let index = 0; index < 5; index++)
      feed.push([nextOddsChange({ ...event, seq: event.seq + index })]);
    const latest = event.seq + 5;
    await list.next<MatchMessage>('snapshot', (message) => message.seq === latest, { since });
    await sleep(2 * listConflationMs);
    expect(list.all<MatchMessage>('snapshot', since).length).toBe(1);
  });
});

describe("operators' holds", () => {
  it('send every follower a snapshot with the match suspended at once, and another on release', async () => {
    const operator = await createOperator(testApp.database, ['trader']);
    const { token: bearer } = await signIn(testApp, operator, Date.now());
    const detail = await visitorSocket();
    const list = await visitorSocket();
    const room = roomOf(second);
    await detail.request('join-room', { initData: false, rooms: [room] });
    await list.request('join-room', { initData: false, rooms: [room], view: 'list' });
    await detail.next<MatchMessage>('snapshot', isFor(room));
    await list.next<MatchMessage>('snapshot', isFor(room));

    const hold = async (held: boolean) => {
      const answer = await adminCall(testApp, '/admin/api/trading/hold', {
        bearer,
        fields: { eventId: second.fixture.eventId, held, reason: 'integrity check' },
      });
      expect(answer, answer.msg).toMatchObject({ code: 0, data: { applied: true } });
    };
    const detailSince = detail.mark();
    const listSince = list.mark();
    await hold(true);
    for (const [socket, since] of [
      [detail, detailSince],
      [list, listSince],
    ] as const) {
      const held = await socket.next<MatchMessage>('snapshot', isFor(room), { since });
      expect(optionStatuses(held.data)).toEqual(new Set([optionStatus.suspended]));
    }

    const releasedSince = detail.mark();
    await hold(false);
    const released = await detail.next<MatchMessage>('snapshot', isFor(room), {
      since: releasedSince,
    });
    expect(optionStatuses(released.data)).toContain(optionStatus.open);
  });
});

describe('bad requests are refused without harm', () => {
  const badJoins: unknown[] = [
    'A-1-2',
    42,
    null,
    [],
    { rooms: 'A-1' },
    { rooms: ['A-1'] },
    { rooms: ['A-01-2'] },
    { rooms: ['B-1-2'] },
    { rooms: ['A-1-2-3'] },
    { rooms: ['A--1-2'] },
    { rooms: ['A-1-2 '] },
    { rooms: [`A-1-${'9'.repeat(40)}`] },
    { rooms: [{ toString: 'A-1-2' }] },
    { rooms: ['A-1-2'], initData: 'yes' },
    { rooms: ['A-1-2'], view: 'grid' },
    { rooms: ['A-1-2'], extra: true },
    { rooms: Array.from({ length: maxRoomsPerSocket + 1 }, (_, index) => `A-1-${index + 1}`) },
  ];

  /** Sends refused requests on a socket joined to one room; it must stay joined to that room. */
  async function expectRefusedWithoutHarm(requests: [string, unknown][]): Promise<void> {
    const socket = await visitorSocket();
    const room = roomOf(first);
    await socket.request('join-room', { initData: false, rooms: [room] });
    for (const [event, payload] of requests) {
      const since = socket.mark();
      const answer = await socket.request(event, payload);
      const shown = `${event} ${JSON.stringify(payload)?.slice(0, 60)}`;
      expect(answer.code, shown).toBe(1000);
      expect(answer.msg, shown).not.toBe('');
      const refused = await socket.next<{ event: string; code: number }>('refused', () => true, {
        since,
      });
      expect(refused).toMatchObject({ event: event.slice(0, 32), code: 1000 });
    }
    const since = socket.mark();
    expect((await socket.request('G')).data).toEqual({ rooms: 1 });
    expect(socket.all<MatchMessage>('snapshot', since).map((message) => message.room)).toEqual([
      room,
    ]);
    expect(socket.socket.connected).toBe(true);
  }

  it('refuses bad join-room payloads and keeps the room set', async () => {
    const requests = badJoins.map((payload): [string, unknown] => ['join-room', payload]);
    // Eight at a time: the socket's burst of room requests is ten.
    for (let index = 0; index < requests.length; index += 8)
      await expectRefusedWithoutHarm(requests.slice(index, index + 8));
  });

  it('refuses bad append-join-room and G payloads and rooms of the wrong sport', async () => {
    await expectRefusedWithoutHarm([
      ['append-join-room', 'A-1'],
      ['append-join-room', { room: 'A-0-1' }],
      ['append-join-room', { rooms: ['A-1-2', 'A-1-3'] }],
      ['append-join-room', 7],
      ['append-join-room', `A-2-${first.fixture.eventId}`],
      ['G', 'everything'],
      ['G', { rooms: ['A-1-5'] }],
      ['G', { rooms: 'A-1-5' }],
    ]);
  });

  it('refuses events it does not serve and extra arguments, and keeps the socket working', async () => {
    await expectRefusedWithoutHarm([
      ['subscribe', { rooms: [roomOf(first)] }],
      ['x'.repeat(80), null],
    ]);
    const socket = await visitorSocket();
    const answer = await socket.request('join-room', { rooms: [roomOf(first)] }, 'second');
    expect(answer).toMatchObject({ code: 1000, msg: 'join-room takes one payload' });
    // Without an acknowledgement the refusal still comes as `refused`.
    const since = socket.mark();
    socket.socket.emit('leave-room', roomOf(first));
    expect(await socket.next('refused', () => true, { since })).toEqual({
      event: 'leave-room',
      code: 1000,
      msg: 'unknown event "leave-room"',
    });
    expect((await socket.request('join-room', { rooms: [roomOf(first)] })).code).toBe(0);
  });

  it('keeps streaming to a socket after refusals, and to everyone else', async () => {
    const socket = await visitorSocket();
    const bystander = await visitorSocket();
    const room = roomOf(first);
    await socket.request('join-room', { initData: false, rooms: [room] });
    await bystander.request('join-room', { initData: false, rooms: [room] });
    expect((await socket.request('join-room', { rooms: ['nonsense'] })).code).toBe(1000);
    const since = socket.mark();
    const bystanderSince = bystander.mark();
    const seqs = advanceUntil(first.fixture.eventId, 1);
    await socket.next<MatchMessage>('delta', (delta) => delta.seq === seqs.at(-1), { since });
    await bystander.next<MatchMessage>('delta', (delta) => delta.seq === seqs.at(-1), {
      since: bystanderSince,
    });
  });

  it('refuses rooms beyond the bound per socket', async () => {
    const socket = await visitorSocket();
    const full = Array.from({ length: maxRoomsPerSocket }, (_, index) => `A-1-${index + 1}`);
    expect((await socket.request('join-room', { rooms: full })).data).toEqual({
      rooms: maxRoomsPerSocket,
    });
    const beyond = await socket.request('append-join-room', 'A-1-999999');
    expect(beyond.code).toBe(1000);
    expect(beyond.msg).toMatch(/at most 300 rooms/);
    // A room already held is no addition.
    expect((await socket.request('append-join-room', 'A-1-1')).code).toBe(0);
  });

  it('rate-limits a flood of join-room per socket, leaving other clients alone', async () => {
    const flooder = await visitorSocket();
    const bystander = await visitorSocket();
    const room = roomOf(first);
    await bystander.request('join-room', { initData: false, rooms: [room] });
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        flooder.request('join-room', { initData: true, rooms: [room] }),
      ),
    );
    const codes = answers.map((answer: Answer) => answer.code);
    expect(codes.filter((code) => code === 0).length).toBeGreaterThan(0);
    expect(codes.filter((code) => code === 1004).length).toBeGreaterThan(10);
    expect(flooder.socket.connected).toBe(true);

    const since = bystander.mark();
    const seqs = advanceUntil(first.fixture.eventId, 1);
    await bystander.next<MatchMessage>('delta', (delta) => delta.seq === seqs.at(-1), { since });
  });

  it('disconnects a socket that sends far too many messages', async () => {
    const flooder = await visitorSocket();
    const disconnected = new Promise<string>((resolve) =>
      flooder.socket.once('disconnect', (reason) => resolve(reason)),
    );
    for (let index = 0; index < 200; index++) flooder.socket.emit('no-such-event', index);
    expect(await disconnected).toBe('io server disconnect');
  });

  it('drops a connection that sends an oversized payload, leaving other clients alone', async () => {
    const offender = await visitorSocket();
    const bystander = await visitorSocket();
    const room = roomOf(first);
    await bystander.request('join-room', { initData: false, rooms: [room] });
    const disconnected = new Promise<string>((resolve) =>
      offender.socket.once('disconnect', (reason) => resolve(reason)),
    );
    offender.socket.emit('join-room', {
      initData: false,
      rooms: ['A-1-1'],
      pad: 'x'.repeat(100_000),
    });
    expect(await disconnected).toBe('transport close');

    const since = bystander.mark();
    const seqs = advanceUntil(first.fixture.eventId, 1);
    await bystander.next<MatchMessage>('delta', (delta) => delta.seq === seqs.at(-1), { since });
  });
});

describe('the wire', () => {
  const schemas: Record<string, z.ZodType> = {
    snapshot: matchSnapshotSchema,
    delta: matchDeltaSchema,
    heartbeat: heartbeatSchema,
    provider: providerStateSchema,
    refused: refusedSchema,
    counts: sportCountsEventSchema,
    sysinit: sysInitEventSchema,
  };

  it('sent every socket of this file only events of the contract, exactly as it describes them', () => {
    const counts = new Map<string, number>();
    for (const socket of sockets) {
      for (const { name, payload } of socket.events) {
        const schema = schemas[name];
        expect(schema, `event ${name}`).toBeDefined();
        expect(schema?.parse(payload), name).toEqual(payload);
        counts.set(name, (counts.get(name) ?? 0) + 1);
      }
    }
    for (const name of ['snapshot', 'delta', 'heartbeat', 'refused', 'counts', 'sysinit'])
      expect(counts.get(name), name).toBeGreaterThan(0);
  });
});

describe('shutdown', () => {
  it('closes its connections on shutdown so that clients reconnect, not as a refusal', async () => {
    const other = await createTestApp({ feedProvider: createManualFeed().provider });
    await other.app.listen({ host: '127.0.0.1', port: 0 });
    const address = other.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const created = await other.call<{ token: string; uid: string }>('/app/api/visitor/create');
    const socket = await connect(`http://127.0.0.1:${address.port}`, {
      path,
      query: { token: created.data.token, uid: created.data.uid },
    });
    const disconnected = new Promise<string>((resolve) =>
      socket.socket.once('disconnect', (reason) => resolve(reason)),
    );
    await other.close();
    // 'io server disconnect' would tell the client not to come back.
    expect(await disconnected).toBe('transport close');
    socket.close();
  });
});
