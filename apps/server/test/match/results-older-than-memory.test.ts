import * as calls from '@sb/contract';
import { controlSwitchTable } from '@sb/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { DatabaseHandle } from '../../src/db/database';
import { createCatalogue } from '../../src/modules/catalogue/catalogue.service';
import {
  type RecordedSimulator,
  startRecordedSimulator,
} from '../../src/modules/catalogue/recorded-simulator';
import { siteSettings } from '../../src/modules/match/match.schema';
import { siteSettingsTtlMs } from '../../src/modules/match/site-settings';
import { createTestApp, type TestApp } from '../test-app';
import { createTestDatabase } from '../test-database';
import { callMatch, callRaw, createVisitor, feedStartTime } from './helpers';

type ResultRecord = z.infer<typeof calls.resultRecordSchema>;

const hour = 3_600_000;
let database: DatabaseHandle;
let clock = feedStartTime;
/** Apps still open, for afterAll to close. */
const apps: TestApp[] = [];

/** A server process on the shared database, running the recorded simulator on the test clock. */
async function startServer(): Promise<{ testApp: TestApp; feed: RecordedSimulator }> {
  const feed = await startRecordedSimulator({
    catalogue: createCatalogue(database.db),
    seed: 'results-history',
    speed: 60,
    density: 0.3,
    calendar: 2,
    now: () => clock,
  });
  const testApp = await createTestApp({ database, feedProvider: feed, now: () => new Date(clock) });
  apps.push(testApp);
  return { testApp, feed };
}

/** Every page of a results query, concatenated. */
async function allResults(testApp: TestApp, fields: Record<string, unknown> = {}) {
  const visitor = await createVisitor(testApp);
  const records: ResultRecord[] = [];
  let total = 0;
  for (let page = 1; page < 100; page += 1) {
    const answer = await callMatch(testApp, calls.matchResultList, visitor, {
      ...fields,
      size: 50,
      page,
    });
    total = answer.total;
    records.push(...answer.records);
    if (answer.records.length < 50) break;
  }
  return { records, total };
}

let before: { records: ResultRecord[]; total: number };
let second: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  const first = await startServer();
  for (let step = 0; step < 30; step += 1) {
    clock += 15_000;
    await first.feed.tick();
  }
  before = await allResults(first.testApp);
  apps.splice(apps.indexOf(first.testApp), 1);
  await first.testApp.close();
  // Seven hours later: past what the read model would keep, and a new process besides.
  clock += 7 * hour;
  const next = await startServer();
  second = next.testApp;
  await next.feed.tick();
}, 120_000);

afterAll(async () => {
  try {
    for (const testApp of apps) await testApp.close();
  } finally {
    await database?.close();
  }
});

describe('results older than memory holds', () => {
  it('lists the matches that finished before the restart exactly as they were listed', async () => {
    expect(before.total).toBeGreaterThan(20);
    expect(before.records).toHaveLength(before.total);
    const kickOffs = before.records.map((record) => record.t);
    const window = { startTime: Math.min(...kickOffs), endTime: Math.max(...kickOffs) + 1 };
    const after = await allResults(second, window);
    expect(after.records).toEqual(before.records);
    expect(after.total).toBe(before.total);
  });

  it('serves them from the catalogue: the new process does not hold them', async () => {
    const visitor = await createVisitor(second);
    const [oldest] = before.records.slice(-1);
    const answer = await callRaw(second, calls.matchDetails.path, visitor, { matchId: oldest?.b });
    expect(answer.code).not.toBe(0);
    expect(answer.msg).toContain('no such match');
  });

  it('puts them after the matches memory holds, latest first, counted in the total', async () => {
    const everything = await allResults(second);
    const newestBefore = new Set(before.records.map((record) => record.b));
    expect(everything.records.length).toBe(everything.total);
    expect(everything.total).toBeGreaterThan(before.total);
    const kickOffs = everything.records.map((record) => record.t);
    expect([...kickOffs].sort((a, b) => b - a)).toEqual(kickOffs);
    const firstOld = everything.records.findIndex((record) => newestBefore.has(record.b));
    expect(firstOld).toBeGreaterThan(0);
    expect(everything.records.slice(firstOld).every((record) => newestBefore.has(record.b))).toBe(
      true,
    );
  });

  it('applies the sport filter and the control switches to the catalogue part too', async () => {
    const oldIds = new Set(before.records.map((record) => record.b));
    const sportId = before.records[0]?.a as number;
    const ofSport = await allResults(second, { sportId });
    expect(ofSport.records.some((record) => oldIds.has(record.b))).toBe(true);
    expect(ofSport.records.every((record) => record.a === sportId)).toBe(true);

    const everything = await allResults(second);
    const hiding = [...controlSwitchTable].find(([, effect]) => effect.sports?.includes(sportId));
    if (!hiding) throw new Error(`no switch hides sport ${sportId}`);
    await database.db.insert(siteSettings).values({ key: 'control_switch', value: [hiding[0]] });
    clock += siteSettingsTtlMs + 1;
    const hidden = await allResults(second);
    expect(hidden.records.some((record) => record.a === sportId)).toBe(false);
    expect(hidden.total).toBe(everything.total - ofSport.total);
  });
});
