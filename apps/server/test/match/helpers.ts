import { type CallDefinition, type Session, visitorCreate } from '@sb/contract';
import { openPayload } from '@sb/domain';
import {
  createSeededPast,
  createSimulator,
  type FeedMessage,
  type FeedSnapshot,
  type Simulator,
} from '@sb/feed-sim';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { FeedProvider } from '../../src/modules/feed/feed-provider';
import { users } from '../../src/modules/identity/identity.schema';
import { siteSettings } from '../../src/modules/match/match.schema';
import { siteSettingsTtlMs } from '../../src/modules/match/site-settings';
import { viewerProfileTtlMs } from '../../src/modules/match/viewer';
import { expectOk } from '../identity/helpers';
import { createTestApp, type TestApp } from '../test-app';

/** A fixed moment with matches under way in the seeded world, so every run sees the same book. */
export const feedStartTime = Date.UTC(2026, 0, 10, 15, 0, 0);

/**
 * The simulator behind a clock the test moves. `advance` runs the world and hands its messages to
 * the server at once; `skip` moves only the server's clock, past its caches' lifetimes. An alive
 * message goes with every advance and every few seconds of wall time besides, so the server's
 * silence watchdog (20 s of wall time) never suspends the book while a slow test runs.
 */
const aliveEveryMs = 5_000;

/** The world of the match suites unless a suite names its own. */
const defaultSeed = 'match-test';

export function createManualFeed(options: { seed?: string; speed?: number } = {}) {
  const simulator: Simulator = createSimulator({
    seed: options.seed ?? defaultSeed,
    speed: options.speed ?? 1,
    startTime: feedStartTime,
    // The light world these suites were written against: the latest calendar is far deeper.
    calendar: 2,
  });
  let deliver: (messages: FeedMessage[]) => void = () => {};
  let skewMs = 0;
  let aliveSeq = 0;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  const alive = (): FeedMessage => ({
    type: 'alive',
    timestamp: simulator.now(),
    seq: 1_000_000 + ++aliveSeq,
    subscribed: true,
  });
  const provider: FeedProvider = {
    name: 'manual',
    snapshot: (): FeedSnapshot => simulator.snapshot(),
    sports: () => simulator.sports(),
    start(onMessages) {
      deliver = onMessages;
      heartbeat = setInterval(() => deliver([alive()]), aliveEveryMs);
      heartbeat.unref();
    },
    stop() {
      clearInterval(heartbeat);
    },
  };
  return {
    provider,
    simulator,
    now: () => new Date(simulator.now() + skewMs),
    advance(ms: number): FeedMessage[] {
      const messages = simulator.advance(simulator.now() + ms);
      deliver([...messages, alive()]);
      return messages;
    },
    push(messages: FeedMessage[]): void {
      deliver(messages);
    },
    skip(ms: number): void {
      skewMs += ms;
    },
  };
}

export type ManualFeed = ReturnType<typeof createManualFeed>;

export async function createMatchTestApp(options: { seed?: string; speed?: number } = {}) {
  const feed = createManualFeed(options);
  const testApp = await createTestApp({
    feedProvider: feed.provider,
    now: feed.now,
    teamRecords: createSeededPast(options.seed ?? defaultSeed),
  });
  return { testApp, feed };
}

export type Answer<T = unknown> = { code: number; msg: string; data: T };

export async function createVisitor(testApp: TestApp): Promise<Session> {
  return expectOk(await testApp.call<Session>(visitorCreate.path, {}));
}

/**
 * Calls a match call and answers its data checked against the contract; sealed data is opened
 * with the caller's token first.
 */
export async function callMatch<C extends CallDefinition>(
  testApp: TestApp,
  definition: C,
  session: Pick<Session, 'uid' | 'token'> | null,
  fields: Record<string, unknown> = {},
  client: Record<string, unknown> = {},
) {
  const auth = session ? { uid: session.uid, token: session.token } : {};
  const answer = await testApp.call(definition.path, { ...auth, ...client, ...fields });
  let data = expectOk(answer);
  if (definition.sealedResponse) {
    expect(typeof data, 'sealed data is a string').toBe('string');
    data = await openPayload(session?.token ?? '', data);
  }
  const parsed = definition.output.parse(data);
  expect(parsed).toEqual(data);
  return parsed as ReturnType<C['output']['parse']>;
}

/** Calls and answers the raw envelope, for refusals. */
export function callRaw(
  testApp: TestApp,
  path: string,
  session: Pick<Session, 'uid' | 'token'> | null,
  fields: Record<string, unknown> = {},
): Promise<Answer> {
  const auth = session ? { uid: session.uid, token: session.token } : {};
  return testApp.call(path, { ...auth, ...fields });
}

/**
 * Sets the control switches as an operator would (any JSON, to try unreadable settings too),
 * then waits out the settings cache.
 */
export async function setControlSwitches(
  testApp: TestApp,
  feed: ManualFeed,
  switches: unknown,
): Promise<void> {
  await testApp.database.db
    .insert(siteSettings)
    .values({ key: 'control_switch', value: switches })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value: switches } });
  feed.skip(siteSettingsTtlMs + 1);
}

/** Edits a user's profile fields as an operator would, then waits out the profile cache. */
export async function updateUser(
  testApp: TestApp,
  feed: ManualFeed,
  uid: string,
  values: Partial<Pick<typeof users.$inferInsert, 'leagueIds' | 'isShow' | 'oddsConfig'>>,
): Promise<void> {
  await testApp.database.db.update(users).set(values).where(eq(users.uid, uid));
  feed.skip(viewerProfileTtlMs + 1);
}
