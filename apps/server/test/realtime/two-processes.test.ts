import { randomBytes } from 'node:crypto';
import type { Session } from '@sb/contract';
import { hashPasswordForWire } from '@sb/domain';
import { createSimulator } from '@sb/feed-sim';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppModules, assembleApp } from '../../src/app';
import type { DatabaseHandle } from '../../src/db/database';
import { startFeed } from '../../src/modules/feed/feed.service';
import {
  createSharedFeedProvider,
  feedBusKeys,
  type SharedFeedProvider,
} from '../../src/modules/feed/feed-bus';
import {
  createReadModel,
  type EventState,
  type ReadModel,
} from '../../src/modules/feed/read-model';
import { createMemoryCounterStore } from '../../src/platform/counter-store';
import { createTestDatabase } from '../test-database';
import {
  connect,
  eventually,
  liveEvents,
  type MatchMessage,
  type RecordingSocket,
} from './helpers';
import { callServer, type ServerProcess, startServerProcess } from './server-process';

const redisUrl = process.env.REDIS_URL;
if (!redisUrl) console.warn('REDIS_URL is not set: the two-process socket tests are skipped');

const prefix = `sb:test:${randomBytes(6).toString('hex')}:`;
// Long enough that a leader busy building its world on a loaded machine keeps its lease (a lapse
// hands the feed to the other process mid-test), short enough for the takeover test to be quick.
const leaseMs = 6_000;
const path = '/match/socket';
const servers: ServerProcess[] = [];
const sockets: RecordingSocket[] = [];
let redis: Redis;
let observer: SharedFeedProvider;
let observed: ReadModel;
let stopObserving: () => Promise<void>;
/** Another process of the same deployment, in this one: publishes as the wallet would. */
let publisher: { app: FastifyInstance; modules: AppModules };
let publisherDatabase: DatabaseHandle;

async function buildPublisher() {
  publisherDatabase = await createTestDatabase();
  const config = {
    LOG_LEVEL: 'silent' as const,
    PARTNER_SECRETS: new Map<string, string>(),
    SESSION_TTL_HOURS: 24,
    TRUST_PROXY_HOPS: 0,
    SEAL_PAYLOADS: true,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    WEB_DIST_DIR: undefined,
  };
  return assembleApp({ config, database: publisherDatabase, counters: createMemoryCounterStore() });
}

/** Which started process holds the feed lease (its pid is in the lease value). */
async function leaderPid(): Promise<number | undefined> {
  const holder = await redis.get(feedBusKeys(prefix).leader);
  return holder ? Number(holder.split(':').at(-2)) : undefined;
}

/** Feed minutes of regular time a match in play has left; a sport played in sets has no clock. */
function regularMinutesLeft(state: EventState): number {
  const { periods, periodMinutes } = state.fixture.format;
  if (periodMinutes === undefined) return 0;
  return periods * periodMinutes - (state.status.clock?.elapsed ?? 0) / 60;
}

/**
 * A live match with prices in the book the bus delivers, outside a break: the one with the most
 * regular time left, so its prices keep moving while a test waits (at the tests' speed a feed
 * minute is a second; a table tennis match that started last may be over in a few seconds).
 */
function liveMatch(book: ReadModel): EventState | undefined {
  return [...book.all()]
    .filter((state) => state.status.status === 'live' && state.fixture.liveOdds)
    .filter((state) => state.fixture.kind === 'match' && state.markets.size > 0)
    .filter((state) => !state.status.inBreak)
    .sort(
      (a, b) =>
        regularMinutesLeft(b) - regularMinutesLeft(a) || b.fixture.startTime - a.fixture.startTime,
    )[0];
}

const roomName = (state: EventState) => `A-${state.fixture.sportId}-${state.fixture.eventId}`;

const feedSpeed = 60;
/**
 * The servers play the latest calendar at a quarter of its matches (FEED_DENSITY), a world as
 * light as the earlier calendars': each process builds it on start, within the leader lease.
 */
const feedDensity = 0.25;

/**
 * A seed whose world has matches in play with prices now and for the next feed hour. The servers'
 * worlds follow the wall clock, and a light world has few matches in play at its quietest hours
 * (the first calendar had none at some), so the tests, which need live matches whenever they
 * run, pick a seed that has them throughout.
 */
function seedWithMatchesInPlay(): string {
  for (let attempt = 0; attempt < 24; attempt++) {
    const seed = `two-processes-${attempt}`;
    const startTime = Date.now();
    const simulator = createSimulator({ seed, speed: feedSpeed, startTime, density: feedDensity });
    let isLiveThroughout = liveEvents(simulator.snapshot()).length > 0;
    // An hour of feed time is a minute of the tests' time at their speed.
    for (let minute = 10; isLiveThroughout && minute <= 60; minute += 10) {
      simulator.advance(startTime + (minute * 60_000) / feedSpeed);
      isLiveThroughout = liveEvents(simulator.snapshot()).length > 0;
    }
    if (isLiveThroughout) return seed;
  }
  throw new Error('no seed of 24 has matches in play for the next hour');
}

async function visitorSocket(server: ServerProcess): Promise<RecordingSocket> {
  const created = await callServer<{ token: string; uid: string }>(
    server.url,
    '/app/api/visitor/create',
  );
  expect(created.code).toBe(0);
  const socket = await connect(server.url, {
    path,
    query: { token: created.data.token, uid: created.data.uid, realm: 'alpha', process: '2' },
  });
  sockets.push(socket);
  return socket;
}

/** Waits for `count` deltas of a room that follow one another: seq + 1 each. */
async function consecutiveDeltas(socket: RecordingSocket, room: string, count: number) {
  const since = socket.mark();
  return eventually(
    () => {
      const deltas = socket
        .all<MatchMessage>('delta', since)
        .filter((delta) => delta.room === room);
      for (let start = 0; start + count <= deltas.length; start++) {
        const run = deltas.slice(start, start + count);
        if (
          run.every((delta, index) => index === 0 || delta.seq === (run[index - 1]?.seq ?? 0) + 1)
        )
          return run;
      }
      return undefined;
    },
    `${count} consecutive deltas of ${room}`,
    20_000,
  );
}

describe.skipIf(!redisUrl)('two server processes sharing the feed through Redis', () => {
  beforeAll(async () => {
    redis = new Redis(redisUrl as string);
    const env = {
      REDIS_URL: redisUrl as string,
      REDIS_PREFIX: prefix,
      FEED_SEED: seedWithMatchesInPlay(),
      FEED_SPEED: String(feedSpeed),
      FEED_DENSITY: String(feedDensity),
      FEED_LEADER_LEASE_MS: String(leaseMs),
    };
    const [one, two, app] = await Promise.all([
      startServerProcess(env),
      startServerProcess(env),
      buildPublisher(),
    ]);
    servers.push(one, two);
    publisher = app;
    // A follower in this process: it reads the same bus, so the test knows what is live.
    observer = createSharedFeedProvider({ redisUrl: redisUrl as string, prefix, leaseMs });
    observed = createReadModel();
    const feed = startFeed({ provider: observer, readModel: observed });
    stopObserving = () => feed.stop();
  });

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await stopObserving?.();
    await Promise.all(servers.map((server) => server.stop()));
    await publisher?.app.close();
    await publisherDatabase?.close();
    if (redis) {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    }
  });

  it('serves on a follower the deltas of the feed the leader runs', async () => {
    const leader = await eventually(leaderPid, 'a feed leader');
    const follower = servers.find((server) => server.pid !== leader);
    if (!follower || !servers.some((server) => server.pid === leader))
      throw new Error(`leader ${leader} is not one of the started servers`);

    const match = await eventually(() => liveMatch(observed), 'a live match', 20_000);
    const room = roomName(match);
    // The follower applies the bus a moment after this observer may: wait until it holds the
    // match (a busy machine can keep it a few seconds behind), then ask for its snapshot.
    const visitor = await callServer<{ token: string; uid: string }>(
      follower.url,
      '/app/api/visitor/create',
    );
    await eventually(
      async () => {
        const answer = await callServer<unknown[]>(follower.url, '/match/api/match/event', {
          token: visitor.data.token,
          uid: visitor.data.uid,
          matchId: match.fixture.eventId,
        });
        return answer.code === 0 && answer.data.length > 0 ? true : undefined;
      },
      'the follower to hold the live match',
      20_000,
    );
    const socket = await visitorSocket(follower);
    const answer = await socket.request('join-room', { initData: false, rooms: [room] });
    expect(answer.code).toBe(0);
    const snapshot = await socket.next<MatchMessage>(
      'snapshot',
      (message) => message.room === room,
    );
    expect(snapshot.seq).toBeGreaterThan(0);
    expect(snapshot.data).toMatchObject({ b: match.fixture.eventId });
    const deltas = await consecutiveDeltas(socket, room, 2);
    // The deltas continue a snapshot of their own epoch: the first one, or, when the follower
    // rebuilt its picture meanwhile (a resync after a gap on the bus is a new epoch), the fresh
    // snapshot every socket gets then.
    const base = socket
      .all<MatchMessage>('snapshot')
      .filter((message) => message.room === room && message.epoch === deltas[0]?.epoch)
      .at(-1);
    expect(base, `a snapshot of epoch ${deltas[0]?.epoch} before the deltas`).toBeDefined();
    expect(deltas[0]?.seq).toBeGreaterThan(base?.seq ?? Number.MAX_SAFE_INTEGER);
    expect(deltas[1]?.epoch).toBe(deltas[0]?.epoch);
    // A live match to appear and two deltas in a row may each take up to 20 s on a busy machine.
  }, 60_000);

  it('lets the follower take over when the leader dies, and resyncs its sockets', async () => {
    const leader = (await leaderPid()) as number;
    const dying = servers.find((server) => server.pid === leader) as ServerProcess;
    const survivor = servers.find((server) => server.pid !== leader) as ServerProcess;
    const before = liveMatch(observed);
    if (!before) throw new Error('nothing live');
    const socket = await visitorSocket(survivor);
    await socket.request('join-room', { initData: false, rooms: [roomName(before)] });
    const first = await socket.next<MatchMessage>('snapshot');
    const epochBefore = observed.epoch;

    const since = socket.mark();
    process.kill(dying.pid, 'SIGKILL');
    await eventually(
      async () => ((await leaderPid()) === survivor.pid ? true : undefined),
      'the survivor to hold the lease',
      4 * leaseMs + 5_000,
    );
    // The new leader's world comes as a new snapshot: a new epoch, a fresh snapshot per room.
    const resynced = await socket.next<MatchMessage>(
      'snapshot',
      (message) => message.epoch > first.epoch,
      { since, timeoutMs: 10_000 },
    );
    expect(resynced.room).toBe(roomName(before));
    await eventually(() => (observed.epoch > epochBefore ? true : undefined), 'a new term');

    const after = await eventually(() => liveMatch(observed), 'a live match', 20_000);
    await socket.request('append-join-room', roomName(after));
    await consecutiveDeltas(socket, roomName(after), 2);
    // The lease runs out (up to 4 leases on a busy machine), then a snapshot and two deltas.
  }, 90_000);

  it('answers a reconnecting client that emits G with a fresh snapshot', async () => {
    const survivor = servers.find(
      (server) => server.child.exitCode === null && !server.child.signalCode,
    );
    if (!survivor) throw new Error('no server left');
    const match = await eventually(() => liveMatch(observed), 'a live match', 20_000);
    const room = roomName(match);
    const socket = await visitorSocket(survivor);
    await socket.request('join-room', { initData: false, rooms: [room] });
    await socket.next<MatchMessage>('snapshot');

    socket.socket.disconnect();
    const reconnected = new Promise<void>((resolve) =>
      socket.socket.once('connect', () => resolve()),
    );
    socket.socket.connect();
    await reconnected;
    // As SPEC's client does: the stored rooms again, then G.
    await socket.request('join-room', { initData: false, rooms: [room] });
    const since = socket.mark();
    expect((await socket.request('G')).data).toEqual({ rooms: 1 });
    const snapshot = await socket.next<MatchMessage>(
      'snapshot',
      (message) => message.room === room,
      {
        since,
      },
    );
    expect(snapshot.seq).toBeGreaterThan(0);
    expect(snapshot.data).toMatchObject({ b: match.fixture.eventId });
  });

  it("delivers publishToUser from another process to a member's /app/socket", async () => {
    const survivor = servers.find(
      (server) => server.child.exitCode === null && !server.child.signalCode,
    );
    if (!survivor) throw new Error('no server left');
    const account = `m${randomBytes(5).toString('hex')}`;
    const created = await callServer<Session>(survivor.url, '/app/api/member/create/account', {
      account,
      pwd: hashPasswordForWire(`pw-${account}`),
    });
    expect(created.code).toBe(0);
    const member = await connect(survivor.url, {
      path: '/app/socket',
      query: { token: created.data.token, uid: created.data.uid },
    });
    sockets.push(member);

    // An amount no other run sends, to know this entry from any other.
    const amount = randomBytes(4).readUInt32BE();
    const entry = {
      currencyId: 1,
      currencyCode: 'USDT',
      assetID: 'USDT',
      scale: 2,
      amount,
      frozen: 0,
      status: 1,
      creditAmount: 0,
      loanAmount: 0,
      showAmount: (amount / 100).toFixed(2),
      bonusAmount: 0,
      gameAmount: 0,
      marketAmount: 0,
    };
    // The member's room is subscribed on the other process shortly after connecting: retry.
    await eventually(
      () => {
        publisher.modules.realtime.publishToUser(created.data.memberId, 'balance', [entry]);
        return member
          .all<{ amount: number }[]>('balance')
          .find((event) => event[0]?.amount === amount);
      },
      'the balance event on the other process',
      5_000,
      200,
    );
  });
});
