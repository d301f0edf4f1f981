import { fileURLToPath } from 'node:url';
import { createSeededPast } from '@sb/feed-sim';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { type DatabaseHandle, openDatabase } from './db/database';
import { createCatalogue, startRecordedSimulator } from './modules/catalogue/catalogue.service';
import { createSharedFeedProvider } from './modules/feed/feed.service';
import type { FeedBusLog, FeedProvider, SharedFeedProvider } from './modules/feed/feed.types';
import {
  type CounterStore,
  createMemoryCounterStore,
  createRedisCounterStore,
} from './platform/counter-store';

const defaultWebDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * Where this process's odds come from. Alone, it runs the simulator itself; with REDIS_URL it joins
 * the feed bus: one process (the leader) runs the simulator and every process, the leader
 * included, reads the same feed from Redis. Whichever process runs the simulator resumes the
 * world saved in the catalogue and records what it sends there.
 */
async function createFeedProvider(
  config: Config,
  database: DatabaseHandle,
  log: FeedBusLog,
): Promise<FeedProvider | SharedFeedProvider | undefined> {
  if (config.FEED_PROVIDER !== 'simulator') return undefined;
  const catalogue = createCatalogue(database.db);
  const createSource = () =>
    startRecordedSimulator({
      catalogue,
      seed: config.FEED_SEED,
      speed: config.FEED_SPEED,
      density: config.FEED_DENSITY,
      log,
    });
  if (!config.REDIS_URL) return createSource();
  return createSharedFeedProvider({
    redisUrl: config.REDIS_URL,
    prefix: config.REDIS_PREFIX,
    leaseMs: config.FEED_LEADER_LEASE_MS,
    createSource,
    campaignOnStart: false,
    log,
  });
}

function createCounters(config: Config): CounterStore {
  return config.REDIS_URL
    ? createRedisCounterStore(config.REDIS_URL, `${config.REDIS_PREFIX}count:`)
    : createMemoryCounterStore();
}

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
  });
  const counters = createCounters(config);
  // The feed is built before the app, whose logger it then uses; earlier lines wait for it.
  let logger: FastifyInstance['log'] | undefined;
  const earlyLines: ((log: FastifyInstance['log']) => void)[] = [];
  const forward =
    (level: 'info' | 'warn' | 'error') =>
    (details: object, message: string): void => {
      if (logger) logger[level](details, message);
      else if (earlyLines.length < 100) earlyLines.push((log) => log[level](details, message));
    };
  const feedLog: FeedBusLog = {
    info: forward('info'),
    warn: forward('warn'),
    error: forward('error'),
  };
  const feedProvider = await createFeedProvider(config, database, feedLog);
  const app = await buildApp({
    config: { ...config, WEB_DIST_DIR: config.WEB_DIST_DIR ?? defaultWebDistDir },
    database,
    counters,
    ...(feedProvider ? { feedProvider, teamRecords: createSeededPast(config.FEED_SEED) } : {}),
  });
  logger = app.log;
  for (const write of earlyLines.splice(0)) write(app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await counters.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  // Only a process that is up and serving may become the one that runs the feed.
  if (feedProvider && 'startCampaign' in feedProvider) feedProvider.startCampaign();
  // With PORT=0 the system chooses the port; the log names the one actually bound.
  const address = app.server.address();
  const port = address && typeof address === 'object' ? address.port : config.PORT;
  app.log.info(
    {
      port,
      database: database.kind,
      dataDir: database.kind === 'pglite' ? config.DATA_DIR : undefined,
    },
    `sportsbook ready on http://localhost:${port}`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('start-up failed:', error);
  }
  process.exit(1);
});
