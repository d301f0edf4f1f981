import * as calls from '@sb/contract';
import type { EventSnapshot, Market, OddsChangeMessage } from '@sb/feed-sim';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/modules/identity/identity.schema';
import { switchesReviewMs } from '../../src/realtime/match-socket';
import { authOf, registerMember } from '../identity/helpers';
import { callMatch } from '../match/helpers';
import { createTestApp, type TestApp } from '../test-app';
import {
  connect,
  createManualFeed,
  liveEvents,
  type ManualFeed,
  type RecordingSocket,
  roomOf,
  sleep,
} from './helpers';

/**
 * The match socket sends matches as the match calls answer them to the same viewer: the same
 * prices (the member's margins), the same hidden plays and sports (control switches, the
 * live-stream flavour).
 */

const path = '/match/socket';
let feed: ManualFeed;
let testApp: TestApp;
let url: string;
let visitor: calls.Session;
let member: calls.Session;
/** Live football offering plays 2 (over/under) and 6 (odd/even), which switches can hide. */
let event: EventSnapshot;
let room: string;
const sockets: RecordingSocket[] = [];
/** The member's margins: extra for non-handicap, handicap, base (thousandths), risk level. */
const memberOddsConfig = [20, 30, 10, 0, 0];

type Markets = calls.MatchWire['z'];

async function matchSocket(
  session: Pick<calls.Session, 'token' | 'uid'>,
  query: Record<string, string> = {},
): Promise<RecordingSocket> {
  const socket = await connect(url, { path, query: { ...authOf(session), ...query } });
  sockets.push(socket);
  return socket;
}

/** Joins the room and answers the snapshot it gets, checked against the contract. */
async function joinedSnapshot(socket: RecordingSocket, view: calls.RoomView = 'match') {
  const since = socket.mark();
  const answer = await socket.request('join-room', { initData: true, rooms: [room], view });
  expect(answer.code).toBe(0);
  const snapshot = await socket.next<calls.MatchSnapshot>('snapshot', () => true, { since });
  expect(calls.matchSnapshotSchema.parse(snapshot)).toEqual(snapshot);
  return snapshot;
}

/** A match as the socket sends it: the calls' form without the viewer's own favourite flags. */
function shared(match: calls.MatchWire): calls.SocketMatch {
  const { x: _league, w: _match, y: _record, ...rest } = match;
  return rest;
}

function details(
  session: Pick<calls.Session, 'token' | 'uid'>,
  client: Record<string, unknown> = {},
) {
  return callMatch(
    testApp,
    calls.matchDetails,
    session,
    { matchId: event.fixture.eventId },
    client,
  );
}

/** Every option of a match's markets, keyed by option id. */
function optionsOf(z: Markets): Map<string, calls.MarketOption> {
  const options = new Map<string, calls.MarketOption>();
  for (const markets of Object.values(z))
    for (const list of Object.values(markets))
      for (const option of list) options.set(option.oi, option);
  return options;
}

const playsOf = (z: Markets) => Object.keys(z).map(Number);

/** Every play id any snapshot or delta of this socket carried since `since`. */
function playsSent(socket: RecordingSocket, since: number): Set<number> {
  const plays = new Set<number>();
  for (const name of ['snapshot', 'delta']) {
    for (const message of socket.all<{ data: { z: Markets } | null }>(name, since))
      for (const playId of playsOf(message.data?.z ?? {})) plays.add(playId);
  }
  return plays;
}

const settings = () => {
  const source = testApp.modules.match;
  return source.settings;
};

/** An odds change the feed could send next, touching one market of each play named. */
function nextOddsChange(playIds: readonly number[]): OddsChangeMessage {
  const now = feed.event(event.fixture.eventId);
  const markets = playIds.map((playId) => {
    const market = now.markets.find((item) => item.playId === playId && item.status === 'active');
    if (!market) throw new Error(`no open market of play ${playId}`);
    return market;
  });
  return {
    type: 'odds_change',
    eventId: now.fixture.eventId,
    sportId: now.fixture.sportId,
    timestamp: feed.simulator.now(),
    seq: now.seq + 1,
    status: now.status,
    markets: markets.map(
      (market): Market => ({
        ...market,
        outcomes: market.outcomes.map((outcome) => ({ ...outcome, odds: outcome.odds + 100 })),
      }),
    ),
  };
}

beforeAll(async () => {
  feed = createManualFeed('realtime-viewers');
  const offersPlays = (candidate: EventSnapshot) =>
    [2, 6].every((playId) =>
      candidate.markets.some((market) => market.playId === playId && market.status === 'active'),
    );
  const found = liveEvents(feed.simulator.snapshot()).find(
    (candidate) => candidate.fixture.sportId === 1 && offersPlays(candidate),
  );
  if (!found) throw new Error('the seeded world has no live football with plays 2 and 6');
  event = found;
  room = roomOf(event);
  testApp = await createTestApp({ feedProvider: feed.provider });
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const address = testApp.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  url = `http://127.0.0.1:${address.port}`;
  const created = await testApp.call<calls.Session>('/app/api/visitor/create');
  visitor = created.data;
  member = (await registerMember(testApp)).session;
  await setOddsConfig(member.uid, memberOddsConfig);
});

/** As an operator sets them, before the member's profile is first read. */
async function setOddsConfig(uid: string, oddsConfig: number[]): Promise<void> {
  await testApp.database.db.update(users).set({ oddsConfig }).where(eq(users.uid, uid));
}

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await testApp?.close();
});

describe("prices for the socket's viewer", () => {
  it('sends a member the odds match details gives that member, not the book’s own', async () => {
    const memberSocket = await matchSocket(member);
    const visitorSocket = await matchSocket(visitor);
    const memberSnapshot = await joinedSnapshot(memberSocket);
    const visitorSnapshot = await joinedSnapshot(visitorSocket);
    expect(memberSnapshot.data).toEqual(shared(await details(member)));
    expect(visitorSnapshot.data).toEqual(shared(await details(visitor)));

    // The margins show: the member's prices are not the visitor's.
    const memberOptions = optionsOf(memberSnapshot.data?.z ?? {});
    const visitorOptions = optionsOf(visitorSnapshot.data?.z ?? {});
    let lower = 0;
    for (const [optionId, option] of memberOptions) {
      const plain = visitorOptions.get(optionId);
      if (option.s === calls.optionStatus.open && plain && option.o < plain.o) lower += 1;
    }
    expect(lower).toBeGreaterThan(10);
    expect([...memberOptions.values()].some((option) => option.ao > 0)).toBe(true);
  });

  it('prices every delta as match details prices the same options at that moment', async () => {
    const socket = await matchSocket(member);
    await joinedSnapshot(socket);
    let compared = 0;
    for (let step = 0; step < 240 && compared < 3; step++) {
      const since = socket.mark();
      const ours = feed
        .advance(1_000)
        .filter((message) => message.type !== 'alive' && message.eventId === event.fixture.eventId);
      const last = ours.at(-1);
      if (!last) continue;
      const delta = await socket.next<calls.MatchDelta>(
        'delta',
        (message) => message.seq === last.seq,
        { since },
      );
      expect(calls.matchDeltaSchema.parse(delta)).toEqual(delta);
      // The feed stands still until the next advance: details reads the same book.
      const now = await details(member);
      expect(delta.data).toMatchObject({ a: now.a, b: now.b, g: now.g, ev: now.ev, mc: now.mc });
      for (const [playId, markets] of Object.entries(delta.data.z)) {
        for (const [specifiers, options] of Object.entries(markets)) {
          // Withdrawn lines leave the details; the delta names them so clients drop them.
          if (options.every((option) => option.s === calls.optionStatus.deactivated)) continue;
          expect(options).toEqual(now.z[playId]?.[specifiers]);
          compared += 1;
        }
      }
    }
    expect(compared).toBeGreaterThanOrEqual(3);
  });

  it('builds each change once per audience, however many sockets share it', async () => {
    // A second member on the same terms sees what the first sees.
    const twin = (await registerMember(testApp)).session;
    await setOddsConfig(twin.uid, memberOddsConfig);
    const audiences = [
      [visitor, visitor, visitor],
      [member, member, twin],
    ];
    const bySocket: [RecordingSocket, number][] = [];
    for (const [index, sessions] of audiences.entries())
      for (const session of sessions) {
        const socket = await matchSocket(session);
        await joinedSnapshot(socket);
        bySocket.push([socket, index]);
      }
    const source = testApp.modules.match;
    // The real builder, counted: the sockets' messages come from the very same object.
    const build = source.wire.matchPartOf;
    let builds = 0;
    source.wire.matchPartOf = (...args) => {
      builds += 1;
      return build(...args);
    };
    try {
      const marks = bySocket.map(([socket]) => socket.mark());
      const change = nextOddsChange([1, 2]);
      feed.push([change]);
      const deltas = await Promise.all(
        bySocket.map(([socket], index) =>
          socket.next<calls.MatchDelta>('delta', (d) => d.seq === change.seq, {
            since: marks[index],
          }),
        ),
      );
      expect(builds).toBe(audiences.length);
      // Within an audience every socket got the same message; across audiences, other prices.
      const [visitorDelta, memberDelta] = [deltas[0], deltas[3]];
      for (const [index, [, audience]] of bySocket.entries())
        expect(deltas[index]).toEqual(audience === 0 ? visitorDelta : memberDelta);
      expect(memberDelta).not.toEqual(visitorDelta);
    } finally {
      source.wire.matchPartOf = build;
      feed.replace(feed.simulator.snapshot());
    }
  });

  it('sends a list view the match as the match list shows it to that member', async () => {
    const socket = await matchSocket(member);
    const snapshot = await joinedSnapshot(socket, 'list');
    const page = await callMatch(testApp, calls.matchList, member, {
      sportId: 1,
      type: calls.matchListType.live,
      size: 2000,
    });
    const row = page.records.find((record) => record.b === event.fixture.eventId);
    if (!row) throw new Error('the match is not listed');
    expect(snapshot.data).toEqual(shared(row));
  });
});

describe('hidden plays and sports', () => {
  afterEach(async () => {
    await settings().setControlSwitches([]);
    // Crafted messages take seqs the simulator will use again: reload the book from it.
    feed.replace(feed.simulator.snapshot());
  });

  it('never sends the live-stream flavour (source 1) play type 2', async () => {
    const plain = await joinedSnapshot(await matchSocket(visitor));
    expect(playsOf(plain.data?.z ?? {})).toContain(2);
    const socket = await matchSocket(visitor, { source: '1' });
    const snapshot = await joinedSnapshot(socket);
    expect(snapshot.data).toEqual(shared(await details(visitor, { source: '1' })));
    expect(playsOf(snapshot.data?.z ?? {})).not.toContain(2);

    const since = socket.mark();
    const change = nextOddsChange([2, 1]);
    feed.push([change]);
    const delta = await socket.next<calls.MatchDelta>('delta', (d) => d.seq === change.seq, {
      since,
    });
    expect(playsOf(delta.data.z)).toEqual([1]);
    expect(playsSent(socket, 0).has(2)).toBe(false);
  });

  it('keeps a play a switch hides from every socket, those already open included', async () => {
    const early = await matchSocket(visitor);
    const before = await joinedSnapshot(early);
    expect(playsOf(before.data?.z ?? {})).toContain(6);

    const switchedAt = early.mark();
    // Switch 2 hides play 6 of football (SPEC §4).
    await settings().setControlSwitches([2]);
    const late = await matchSocket(visitor);
    const after = await joinedSnapshot(late);
    expect(playsOf(after.data?.z ?? {})).not.toContain(6);
    expect(after.data).toEqual(shared(await details(visitor)));

    // The open socket moves to the new audience within one review, with a fresh snapshot.
    const moved = await early.next<calls.MatchSnapshot>('snapshot', () => true, {
      since: switchedAt,
      timeoutMs: switchesReviewMs + 5_000,
    });
    expect(moved.data).toEqual(after.data);

    // A change touching the hidden play reaches both without it.
    const earlySince = early.mark();
    const lateSince = late.mark();
    const change = nextOddsChange([6, 1]);
    feed.push([change]);
    for (const [socket, since] of [
      [early, earlySince],
      [late, lateSince],
    ] as const) {
      const delta = await socket.next<calls.MatchDelta>('delta', (d) => d.seq === change.seq, {
        since,
      });
      expect(playsOf(delta.data.z)).toEqual([1]);
    }
    feed.advance(3_000);
    await sleep(200);
    expect(playsSent(early, switchedAt).has(6)).toBe(false);
    expect(playsSent(late, 0).has(6)).toBe(false);
  });

  it('sends nothing of a sport a switch hides: no such match, then silence', async () => {
    const socket = await matchSocket(visitor);
    await joinedSnapshot(socket);
    const switchedAt = socket.mark();
    // Switch 1 hides football.
    await settings().setControlSwitches([1]);
    const hidden = await socket.next<calls.MatchSnapshot>('snapshot', () => true, {
      since: switchedAt,
      timeoutMs: switchesReviewMs + 5_000,
    });
    expect(hidden).toMatchObject({ room, seq: 0, data: null });
    const joinedLater = await joinedSnapshot(await matchSocket(visitor));
    expect(joinedLater).toMatchObject({ room, seq: 0, data: null });

    const since = socket.mark();
    feed.push([nextOddsChange([1])]);
    feed.advance(3_000);
    await sleep(300);
    expect(socket.all('delta', since)).toEqual([]);
    expect(socket.all('snapshot', since)).toEqual([]);
  });
});
