import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/database';
import { createSimulatorProvider } from './modules/feed/simulator-provider';
import { createCounterStore } from './platform/counter-store';

const defaultWebDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
  });
  const counters = createCounterStore(config.REDIS_URL);
  const app = await buildApp({
    config: { ...config, WEB_DIST_DIR: config.WEB_DIST_DIR ?? defaultWebDistDir },
    database,
    counters,
    ...(config.FEED_PROVIDER === 'simulator'
      ? {
          feedProvider: createSimulatorProvider({
            seed: config.FEED_SEED,
            speed: config.FEED_SPEED,
          }),
        }
      : {}),
  });

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
  app.log.info(
    { database: database.kind, dataDir: database.kind === 'pglite' ? config.DATA_DIR : undefined },
    `sportsbook ready on http://localhost:${config.PORT}`,
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
