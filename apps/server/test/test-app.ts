import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { type AppDependencies, type AppModules, assembleApp } from '../src/app';
import type { DatabaseHandle } from '../src/db/database';
import {
  type CounterStore,
  createMemoryCounterStore,
  createRedisCounterStore,
} from '../src/platform/counter-store';
import { createTestDatabase } from './test-database';

export const testPartnerChannel = 'acme';
export const testPartnerSecret = 'acme-test-secret-0123456789abcdef0123456789';

export interface TestApp {
  app: FastifyInstance;
  /** The services the app's modules answered, for tests that drive them directly. */
  modules: AppModules;
  database: DatabaseHandle;
  counters: CounterStore;
  /** Posts JSON to a call and answers its parsed envelope. */
  call<T = unknown>(
    path: string,
    fields?: Record<string, unknown>,
    ip?: string,
  ): Promise<{ code: number; msg: string; data: T }>;
  close(): Promise<void>;
}

/** Counters on Redis when REDIS_URL is set, under a prefix of their own so test files never collide. */
function createTestCounters(): CounterStore {
  const redisUrl = process.env.REDIS_URL;
  return redisUrl
    ? createRedisCounterStore(redisUrl, `sb:test:${randomBytes(6).toString('hex')}:`)
    : createMemoryCounterStore();
}

/**
 * The Redis prefix of the apps on one database. Test files run side by side on one Redis server,
 * each on databases of its own whose user ids start at 1 alike: under one shared prefix, a
 * balance pushed to user 7 of one file reached user 7's sockets in every other. Apps on the same
 * database are processes of one deployment and share theirs.
 */
const redisPrefixes = new WeakMap<DatabaseHandle, string>();
function redisPrefixOf(database: DatabaseHandle): string {
  let prefix = redisPrefixes.get(database);
  if (!prefix) {
    prefix = `sb:test:${randomBytes(6).toString('hex')}:`;
    redisPrefixes.set(database, prefix);
  }
  return prefix;
}

export async function createTestApp(
  overrides: Pick<
    AppDependencies,
    | 'now'
    | 'generateCaptchaCode'
    | 'requestTimeoutMs'
    | 'feedProvider'
    | 'streams'
    | 'teamRecords'
    | 'logStream'
  > & {
    webDistDir?: string;
    /** A database the caller opened and closes itself, to start apps on it one after another. */
    database?: DatabaseHandle;
    /** Settings beyond the test defaults (the payment sandbox's, for instance). */
    config?: Partial<AppDependencies['config']>;
    /** Counters the caller made and closes itself, to share them between apps as Redis would. */
    counters?: CounterStore;
  } = {},
): Promise<TestApp> {
  const {
    webDistDir,
    database: sharedDatabase,
    config,
    counters: sharedCounters,
    ...dependencyOverrides
  } = overrides;
  const database = sharedDatabase ?? (await createTestDatabase());
  const counters = sharedCounters ?? createTestCounters();
  const { app, modules } = await assembleApp({
    ...dependencyOverrides,
    config: {
      LOG_LEVEL: 'silent',
      PARTNER_SECRETS: new Map([[testPartnerChannel, testPartnerSecret]]),
      SESSION_TTL_HOURS: 24,
      TRUST_PROXY_HOPS: 0,
      SEAL_PAYLOADS: true,
      REDIS_URL: process.env.REDIS_URL,
      REDIS_PREFIX: redisPrefixOf(database),
      WEB_DIST_DIR: webDistDir,
      // Suites that place many bets for one member measure other things; the per-member order
      // rate has its own suite (reliability/limits.test.ts), at the configured defaults.
      ORDER_RATE_BURST: 1_000_000,
      ORDER_RATE_PER_MINUTE: 100_000_000,
      // As on a developer's machine: the deposit suites pay through the sandbox.
      PAYMENT_SANDBOX: 'on',
      // Suites register many members from one address and device; the limits on new accounts
      // have their own suite (identity/new-account-limits.test.ts), at the defaults.
      REGISTER_PER_ADDRESS: 1_000_000_000,
      REGISTER_PER_DEVICE: 1_000_000_000,
      QUICK_ACCOUNT_PER_ADDRESS: 1_000_000_000,
      QUICK_ACCOUNT_PER_DEVICE: 1_000_000_000,
      ...config,
    },
    database,
    counters,
  });
  return {
    app,
    modules,
    database,
    counters,
    async call(path, fields = {}, ip = '127.0.0.1') {
      const response = await app.inject({
        method: 'POST',
        url: path,
        payload: fields,
        remoteAddress: ip,
      });
      if (response.statusCode !== 200)
        throw new Error(`${path} answered HTTP ${response.statusCode}`);
      return response.json();
    },
    async close() {
      await app.close();
      if (!sharedCounters) await counters.close();
      if (!sharedDatabase) await database.close();
    },
  };
}
