import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The database as every repository sees it: the same API on PGlite and PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  /** `pglite` or `postgres`, for logs and /healthz. */
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * The advisory lock every server process takes to migrate a PostgreSQL database: any fixed
 * number the deployment's other programs do not lock. ("sbmigrat" in ASCII.)
 */
const migrationLockKey = 0x73626d6967726174n;
/** A process waits this long for another one's migration before it gives up starting. */
const migrationLockTimeout = '120s';

/**
 * Migrates under a session advisory lock, on one connection, so that processes starting at once
 * on a fresh database take turns: the first applies the migrations, the others find them done.
 * Without it both would create drizzle's journal table and the first tables together, and one
 * would fail.
 */
async function migratePostgresUnderLock(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  let isBroken = false;
  try {
    await client.query(`set lock_timeout = '${migrationLockTimeout}'`);
    await client.query('select pg_advisory_lock($1)', [migrationLockKey.toString()]);
    try {
      await migratePostgres(drizzlePostgres(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [migrationLockKey.toString()]);
      await client.query('reset lock_timeout');
    }
  } catch (error) {
    // A connection in an unknown state (an unlock that failed) is closed, never reused.
    isBroken = true;
    throw error;
  } finally {
    client.release(isBroken);
  }
}

/**
 * Opens the configured database and brings its schema up to date. Without a DATABASE_URL the
 * embedded PGlite keeps its files under `<dataDir>/pglite`; `memory` as dataDir keeps nothing.
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string | 'memory';
  poolSize?: number;
  /**
   * An in-memory PGlite starts from this dump of an already migrated database (PGlite's
   * `dumpDataDir`) instead of creating and migrating a new cluster: a quarter of the time.
   */
  pgliteTemplate?: Blob;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
    });
    // An idle client's network error must not crash the process; the pool replaces the client.
    pool.on('error', () => {});
    await migratePostgresUnderLock(pool).catch(async (error: unknown) => {
      await pool.end();
      throw error;
    });
    const db = drizzlePostgres(pool, { schema });
    return { db: db as unknown as Database, kind: 'postgres', close: () => pool.end() };
  }
  let dataPath: string | undefined;
  if (options.dataDir !== 'memory') {
    dataPath = join(options.dataDir, 'pglite');
    mkdirSync(dataPath, { recursive: true });
  }
  const client =
    options.pgliteTemplate && !dataPath
      ? await PGlite.create({ loadDataDir: options.pgliteTemplate })
      : await PGlite.create(dataPath);
  const db = drizzlePglite(client, { schema });
  // On a template this applies only what the template lacks: nothing, unless it is stale.
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Database, kind: 'pglite', close: () => client.close() };
}
