import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding the dump of a freshly migrated PGlite database; empty on PostgreSQL runs. */
    pgliteTemplate: string;
  }
}

/**
 * A new, empty database beside the one `adminUrl` names, and a way to drop it again. Used by
 * in-process test apps and by the tests that start whole server processes.
 */
export async function createPostgresTestDatabase(
  adminUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `sb_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * A fresh, migrated database for one test file: a new database on the PostgreSQL server named by
 * TEST_DATABASE_URL when it is set (dropped again on close), otherwise an in-memory PGlite
 * started from the run's migrated template (pglite-template.global.ts).
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const templatePath = inject('pgliteTemplate');
    return openDatabase({
      dataDir: 'memory',
      ...(templatePath ? { pgliteTemplate: new Blob([readFileSync(templatePath)]) } : {}),
    });
  }

  const created = await createPostgresTestDatabase(adminUrl);
  const handle = await openDatabase({ databaseUrl: created.url, dataDir: 'memory', poolSize: 5 });
  return {
    ...handle,
    async close() {
      await handle.close();
      await created.drop();
    },
  };
}
