import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSimulator, type FeedMessage, type FeedSnapshot } from '@sb/feed-sim';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/database';
import { type Catalogue, createCatalogue } from '../../src/modules/catalogue/catalogue.service';
import {
  type RecordedSimulator,
  simulatorSource,
  startRecordedSimulator,
} from '../../src/modules/catalogue/recorded-simulator';
import { catchUpLimitFeedMs } from '../../src/modules/feed/simulator-resume';
import { createPostgresTestDatabase } from '../test-database';
import { catalogueTestStart, messagesByEvent, ofType } from './helpers';

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl)
  console.warn('TEST_DATABASE_URL is not set: restart continuity on PostgreSQL is skipped');

const minute = 60_000;
// A light world: a third of the second calendar's matches (the latest, the deep one, is heavier).
const world = { seed: 'restart-test', speed: 60, density: 0.3, calendar: 2 };

/** A database that can be closed and opened again, as a restarted server opens it. */
interface Store {
  open(): Promise<DatabaseHandle>;
  remove(): Promise<void>;
}

function pgliteStore(): Store {
  const dataDir = mkdtempSync(join(tmpdir(), 'sb-restart-'));
  return {
    open: () => openDatabase({ dataDir }),
    remove: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function postgresStore(): Promise<Store> {
  const created = await createPostgresTestDatabase(adminUrl as string);
  return {
    open: () => openDatabase({ databaseUrl: created.url, dataDir: 'memory', poolSize: 3 }),
    remove: created.drop,
  };
}

/** Events sorted by id, with everything they hold: two worlds in the same state compare equal. */
const eventsOf = (snapshot: FeedSnapshot) =>
  [...snapshot.events].sort((a, b) => a.fixture.eventId - b.fixture.eventId);

/** The same world as a process that never stopped would run it, up to each clock asked. */
function referenceWorld(calendar = world.calendar, density = world.density) {
  const simulator = createSimulator({
    ...world,
    density,
    startTime: catalogueTestStart,
    exactReplay: true,
    calendar,
  });
  return {
    simulator,
    runTo(until: number): FeedMessage[] {
      const messages: FeedMessage[] = [];
      for (let t = simulator.now(); t < until; ) {
        t = Math.min(t + 1_000, until);
        messages.push(...simulator.advance(t));
      }
      return messages;
    },
  };
}

/** The feed as the process that runs it starts it on a database, on the test's clock. */
async function startRun(
  database: DatabaseHandle,
  clock: () => number,
  density = world.density,
): Promise<{ provider: RecordedSimulator; catalogue: Catalogue }> {
  const catalogue = createCatalogue(database.db);
  const provider = await startRecordedSimulator({ catalogue, ...world, density, now: clock });
  return { provider, catalogue };
}

/**
 * One run of the feed process on the database: started at the clock's time, advanced to `until`,
 * stopped. Returns the run's catalogue and what its world held when it stopped.
 */
async function runUntil(
  database: DatabaseHandle,
  clock: { now: number },
  until: number,
  density = world.density,
): Promise<{ catalogue: Catalogue; snapshot: FeedSnapshot }> {
  const run = await startRun(database, () => clock.now, density);
  run.provider.start(() => {});
  clock.now = until;
  await run.provider.tick();
  const snapshot = run.provider.snapshot();
  await run.provider.stop();
  return { catalogue: run.catalogue, snapshot };
}

function describeRestart(label: string, createStore: () => Promise<Store> | Store, skip = false) {
  describe.skipIf(skip)(`a restart on ${label}`, () => {
    let store: Store;
    let database: DatabaseHandle | undefined;
    let catalogue: Catalogue;
    let clock = catalogueTestStart;
    let beforeStop: FeedSnapshot;
    let resumedAt: FeedSnapshot;
    let caughtUp: FeedSnapshot;
    const firstRun: FeedMessage[] = [];
    const catchUp: FeedMessage[] = [];
    let reference: ReturnType<typeof referenceWorld>;
    let referenceDowntime: FeedMessage[] = [];

    beforeAll(async () => {
      store = await createStore();
      const firstDatabase = await store.open();
      const first = await startRun(firstDatabase, () => clock);
      first.provider.start((messages) => firstRun.push(...messages));
      for (let step = 0; step < 5; step += 1) {
        clock += minute;
        await first.provider.tick();
      }
      beforeStop = first.provider.snapshot();
      const stoppedAt = clock;
      await first.provider.stop();
      await firstDatabase.close();
      // The process is gone; three minutes later (three hours of the feed) it starts again.
      clock += 3 * minute;
      database = await store.open();
      const second = await startRun(database, () => clock);
      catalogue = second.catalogue;
      resumedAt = second.provider.snapshot();
      second.provider.start((messages) => catchUp.push(...messages));
      await second.provider.tick();
      caughtUp = second.provider.snapshot();
      await second.provider.stop();

      reference = referenceWorld();
      reference.runTo(stoppedAt);
      referenceDowntime = reference.runTo(clock);
    });

    afterAll(async () => {
      await database?.close();
      await store?.remove();
    });

    it('starts again with the same events, states and numbering as when it stopped', () => {
      expect(eventsOf(resumedAt).length).toBeGreaterThan(50);
      expect(eventsOf(resumedAt)).toEqual(eventsOf(beforeStop));
      expect(beforeStop.events.some((event) => event.status.status === 'live')).toBe(true);
    });

    it('sends what happened while it was down, as the world that never stopped did', () => {
      expect(messagesByEvent(catchUp)).toEqual(messagesByEvent(referenceDowntime));
      expect(eventsOf(caughtUp)).toEqual(eventsOf(reference.simulator.snapshot()));
    });

    it('records the results of the matches that ended while it was down', async () => {
      const settled = ofType(referenceDowntime, 'bet_settlement');
      expect(settled.length).toBeGreaterThan(10);
      for (const message of settled) {
        const rows = await catalogue.settlementsOf(message.eventId);
        const outcomes = message.markets.reduce((sum, market) => sum + market.outcomes.length, 0);
        expect(rows.filter((row) => row.seq === message.seq)).toHaveLength(outcomes);
      }
    });

    it('keeps what the first run recorded, each settlement once', async () => {
      const sent = [...firstRun, ...catchUp];
      const outcomes = ofType(sent, 'bet_settlement').reduce(
        (sum, message) =>
          sum + message.markets.reduce((inner, market) => inner + market.outcomes.length, 0),
        0,
      );
      expect(ofType(firstRun, 'bet_settlement').length).toBeGreaterThan(10);
      const counted = (await (database as DatabaseHandle).db.execute(
        sql`select count(*)::int as rows from market_settlements`,
      )) as unknown as { rows: { rows: number }[] };
      expect(counted.rows[0]?.rows).toBe(outcomes);
      expect(await catalogue.positionOf(simulatorSource(world.seed))).toEqual({
        callerTime: clock,
        feedTime: reference.simulator.feedTime(),
        calendar: world.calendar,
        density: world.density,
      });
    });
  });
}

describeRestart('the same PGlite data directory', pgliteStore);
describeRestart('the same PostgreSQL database', postgresStore, !adminUrl);

describe('a restart after a downtime longer than the catch-up limit', () => {
  let store: Store;
  let database: DatabaseHandle;
  const clock = { now: catalogueTestStart };
  let resumeStart: number;
  let catalogue: Catalogue;
  let caughtUp: FeedSnapshot;
  let reference: ReturnType<typeof referenceWorld>;
  let referenceDowntime: FeedMessage[] = [];
  let stoppedAt: number;

  beforeAll(async () => {
    store = pgliteStore();
    database = await store.open();
    await runUntil(database, clock, clock.now + minute);
    stoppedAt = clock.now;
    // Thirty caller minutes at speed 60 are thirty hours of the feed, six past the limit.
    clock.now += 30 * minute;
    resumeStart = clock.now - catchUpLimitFeedMs / world.speed;
    ({ catalogue, snapshot: caughtUp } = await runUntil(database, clock, clock.now));
    reference = referenceWorld();
    reference.runTo(stoppedAt);
    referenceDowntime = reference.runTo(clock.now);
  });

  afterAll(async () => {
    await database?.close();
    await store?.remove();
  });

  it('still stands where the world that never stopped stands', () => {
    expect(eventsOf(caughtUp)).toEqual(eventsOf(reference.simulator.snapshot()));
  });

  it('refuses to start another seed on the database that holds this world', async () => {
    await expect(
      startRecordedSimulator({ catalogue, ...world, seed: 'another-world', now: () => clock.now }),
    ).rejects.toThrow(/FEED_SEED restart-test/);
  });

  it('records the results of the last day of the feed, and none of the skipped hours', async () => {
    const settled = ofType(referenceDowntime, 'bet_settlement');
    const skipped = settled.filter((message) => message.timestamp < resumeStart - 1_000);
    const caught = settled.filter((message) => message.timestamp > resumeStart + 1_000);
    expect(skipped.length).toBeGreaterThan(10);
    expect(caught.length).toBeGreaterThan(10);
    const recordedSeqs = async (eventId: number) =>
      new Set((await catalogue.settlementsOf(eventId)).map((row) => row.seq));
    for (const message of skipped)
      expect((await recordedSeqs(message.eventId)).has(message.seq)).toBe(false);
    for (const message of caught)
      expect((await recordedSeqs(message.eventId)).has(message.seq)).toBe(true);
  });
});

describe('a restart of a world saved before fixture calendars were recorded', () => {
  let store: Store;
  let database: DatabaseHandle;
  const clock = { now: catalogueTestStart };
  let resumed: FeedSnapshot;
  let catalogue: Catalogue;

  beforeAll(async () => {
    store = pgliteStore();
    database = await store.open();
    await runUntil(database, clock, clock.now + minute);
    // What a process of the first calendar left: its position, with no calendar.
    await database.db.execute(sql`update feed_positions set calendar = null`);
    ({ catalogue, snapshot: resumed } = await runUntil(database, clock, clock.now + minute));
  });

  afterAll(async () => {
    await database?.close();
    await store?.remove();
  });

  it('carries on with the first calendar, whose events hold the ids the catalogue gave them', () => {
    const first = referenceWorld(1);
    first.runTo(clock.now);
    const current = referenceWorld(world.calendar);
    current.runTo(clock.now);
    const ids = (snapshot: FeedSnapshot) =>
      eventsOf(snapshot).map((event) => event.fixture.eventId);
    // The calendars differ over these hours, so the check below can tell them apart.
    expect(ids(current.simulator.snapshot())).not.toEqual(ids(first.simulator.snapshot()));
    expect(eventsOf(resumed)).toEqual(eventsOf(first.simulator.snapshot()));
  });

  it('keeps the world on the first calendar for the restarts after', async () => {
    const saved = await catalogue.positionOf(simulatorSource(world.seed));
    expect(saved?.callerTime).toBe(clock.now);
    expect(saved?.calendar).toBeUndefined();
  });
});

describe('a restart asked for another FEED_DENSITY', () => {
  let store: Store;
  let database: DatabaseHandle;
  const clock = { now: catalogueTestStart };
  let resumed: FeedSnapshot;
  let catalogue: Catalogue;

  beforeAll(async () => {
    store = pgliteStore();
    database = await store.open();
    await runUntil(database, clock, clock.now + minute);
    ({ catalogue, snapshot: resumed } = await runUntil(database, clock, clock.now + minute, 0.5));
  });

  afterAll(async () => {
    await database?.close();
    await store?.remove();
  });

  it('carries on at the density the world began with, its events under the ids they had', () => {
    const kept = referenceWorld();
    kept.runTo(clock.now);
    const denser = referenceWorld(world.calendar, 0.5);
    denser.runTo(clock.now);
    const ids = (snapshot: FeedSnapshot) =>
      eventsOf(snapshot).map((event) => event.fixture.eventId);
    // The densities list other matches, so the check below can tell them apart.
    expect(ids(denser.simulator.snapshot())).not.toEqual(ids(kept.simulator.snapshot()));
    expect(eventsOf(resumed)).toEqual(eventsOf(kept.simulator.snapshot()));
  });

  it('keeps the density it began with for the restarts after', async () => {
    const saved = await catalogue.positionOf(simulatorSource(world.seed));
    expect(saved?.density).toBe(world.density);
  });
});
