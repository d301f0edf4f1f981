import * as calls from '@sb/contract';
import type { EventSnapshot, FixtureChangeMessage } from '@sb/feed-sim';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/modules/identity/identity.schema';
import { countsIntervalMs } from '../../src/realtime/match-counts';
import { authOf, registerMember } from '../identity/helpers';
import { callMatch } from '../match/helpers';
import { createTestApp, type TestApp } from '../test-app';
import {
  connect,
  createManualFeed,
  liveEvents,
  type ManualFeed,
  type RecordingSocket,
  sleep,
} from './helpers';

/**
 * SPEC §2: the sport tabs' counts rise when a match arrives. A match new to the book is in no
 * room anyone follows, so `/match/socket` sends every socket its audience's counts instead.
 */

const path = '/match/socket';
let feed: ManualFeed;
let testApp: TestApp;
let url: string;
let visitor: calls.Session;
/** Live football the new matches are modelled on. */
let model: EventSnapshot;
let nextEventId = 990_000_001;
const sockets: RecordingSocket[] = [];

async function matchSocket(session: Pick<calls.Session, 'token' | 'uid'>) {
  const socket = await connect(url, { path, query: authOf(session) });
  sockets.push(socket);
  return socket;
}

/** Football's counts in a count event, checked against the contract. */
function footballOf(event: calls.SportCountsEvent): calls.SportCount {
  expect(calls.sportCountsEventSchema.parse(event)).toEqual(event);
  const football = event.counts.find((entry) => entry.sportId === 1);
  if (!football) throw new Error('no football in the counts');
  return football;
}

/** A football fixture the book has never held, announced as the feed announces new fixtures. */
function newMatch(leagueId = model.fixture.league.id): FixtureChangeMessage {
  const eventId = nextEventId++;
  return {
    type: 'fixture_change',
    changeType: 'new',
    eventId,
    sportId: model.fixture.sportId,
    timestamp: feed.simulator.now(),
    seq: 1,
    fixture: {
      ...model.fixture,
      eventId,
      name: `Arrival ${eventId}`,
      league: { ...model.fixture.league, id: leagueId },
      // The server splits today from early on its own clock, the wall clock here.
      startTime: Date.now() + 3 * 86_400_000,
    },
  };
}

beforeAll(async () => {
  feed = createManualFeed('realtime-counts');
  const found = liveEvents(feed.simulator.snapshot()).find((event) => event.fixture.sportId === 1);
  if (!found) throw new Error('the seeded world has no live football at the start');
  model = found;
  testApp = await createTestApp({ feedProvider: feed.provider });
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const address = testApp.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  url = `http://127.0.0.1:${address.port}`;
  visitor = (await testApp.call<calls.Session>('/app/api/visitor/create')).data;
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await testApp?.close();
});

describe('sport counts on /match/socket', () => {
  it('sends the counts the count call answers as soon as a socket connects', async () => {
    const socket = await matchSocket(visitor);
    const sent = await socket.next<calls.SportCountsEvent>('counts');
    const answered = await callMatch(testApp, calls.matchCount, visitor);
    expect(sent.counts.map((entry) => entry.sportId)).toEqual(
      answered.map((entry) => entry.sportId),
    );
    for (const entry of answered) {
      const { live, today, early, total } = entry;
      expect(sent.counts.find((sport) => sport.sportId === entry.sportId)).toMatchObject({
        live,
        today,
        early,
        total,
      });
    }
    expect(footballOf(sent).total).toBeGreaterThan(0);
  });

  it('raises the count of every socket when a match new to the book arrives', async () => {
    const first = await matchSocket(visitor);
    const second = await matchSocket(visitor);
    const before = footballOf(await first.next<calls.SportCountsEvent>('counts'));
    await second.next('counts');
    const since = [first.mark(), second.mark()] as const;
    feed.push([newMatch()]);
    const [raised, raisedToo] = await Promise.all([
      first.next<calls.SportCountsEvent>('counts', () => true, { since: since[0] }),
      second.next<calls.SportCountsEvent>('counts', () => true, { since: since[1] }),
    ]);
    // It kicks off in three days: an early match, open, not live.
    expect(footballOf(raised)).toEqual({
      ...before,
      early: before.early + 1,
      total: before.total + 1,
    });
    expect(raisedToo).toEqual(raised);
    const answered = await callMatch(testApp, calls.matchCount, visitor);
    expect(answered.find((entry) => entry.sportId === 1)?.total).toBe(before.total + 1);
  });

  it('conflates a burst of arrivals into at most one event a second', async () => {
    const socket = await matchSocket(visitor);
    const before = footballOf(await socket.next<calls.SportCountsEvent>('counts'));
    const since = socket.mark();
    for (let index = 0; index < 5; index++) {
      feed.push([newMatch()]);
      await sleep(20);
    }
    await socket.next<calls.SportCountsEvent>(
      'counts',
      (event) => footballOf(event).total === before.total + 5,
      { since },
    );
    await sleep(countsIntervalMs * 1.5);
    const heard = socket.all<calls.SportCountsEvent>('counts', since);
    // Five arrivals within 100 ms straddle at most one tick of the conflation.
    expect(heard.length).toBeGreaterThanOrEqual(1);
    expect(heard.length).toBeLessThanOrEqual(2);
    expect(footballOf(heard.at(-1) as calls.SportCountsEvent).total).toBe(before.total + 5);
  });

  it("counts only a member's leagues, so an arrival elsewhere moves nothing for them", async () => {
    const { session } = await registerMember(testApp);
    const leagueId = model.fixture.league.id;
    await testApp.database.db
      .update(users)
      .set({ leagueIds: [leagueId] })
      .where(eq(users.uid, session.uid));
    const member = await matchSocket(session);
    const onlyLeague = footballOf(await member.next<calls.SportCountsEvent>('counts'));
    const answered = await callMatch(testApp, calls.matchCount, session);
    expect(onlyLeague.total).toBe(answered.find((entry) => entry.sportId === 1)?.total);
    const onlooker = await matchSocket(visitor);
    const everyLeague = footballOf(await onlooker.next<calls.SportCountsEvent>('counts'));
    expect(onlyLeague.total).toBeLessThan(everyLeague.total);

    const since = [member.mark(), onlooker.mark()] as const;
    feed.push([newMatch(leagueId + 7_000_000)]);
    const raised = await onlooker.next<calls.SportCountsEvent>('counts', () => true, {
      since: since[1],
    });
    expect(footballOf(raised).total).toBe(everyLeague.total + 1);
    await sleep(countsIntervalMs * 1.5);
    expect(member.all('counts', since[0])).toEqual([]);

    feed.push([newMatch(leagueId)]);
    const own = await member.next<calls.SportCountsEvent>('counts', () => true, {
      since: since[0],
    });
    expect(footballOf(own).total).toBe(onlyLeague.total + 1);
  });

  it('leaves out a sport the control switches hide', async () => {
    const source = testApp.modules.match;
    await source.settings.setControlSwitches([1]);
    try {
      const socket = await matchSocket(visitor);
      const sent = await socket.next<calls.SportCountsEvent>('counts');
      expect(calls.sportCountsEventSchema.parse(sent)).toEqual(sent);
      expect(sent.counts.map((entry) => entry.sportId)).not.toContain(1);
      expect(sent.counts.length).toBeGreaterThan(0);
    } finally {
      await source.settings.setControlSwitches([]);
    }
  });
});
