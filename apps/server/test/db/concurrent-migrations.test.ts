import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/database';
import { createPostgresTestDatabase } from '../test-database';

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl)
  console.warn('TEST_DATABASE_URL is not set: migrations from concurrent processes are skipped');

const journal = JSON.parse(
  readFileSync(new URL('../../drizzle/meta/_journal.json', import.meta.url), 'utf8'),
) as { entries: unknown[] };

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe.skipIf(!adminUrl)('processes starting at once on a fresh PostgreSQL database', () => {
  const handles: DatabaseHandle[] = [];
  const dropAll: (() => Promise<void>)[] = [];

  afterAll(async () => {
    for (const handle of handles) await handle.close();
    for (const drop of dropAll) await drop();
  });

  it('all open it: one migrates, the others wait and find the schema done', async () => {
    // Several rounds, since a race that the lock prevents does not show every time.
    for (let round = 0; round < 3; round += 1) {
      const created = await createPostgresTestDatabase(adminUrl as string);
      dropAll.push(created.drop);
      const attempts = await Promise.allSettled(
        [1, 2, 3].map(() =>
          openDatabase({ databaseUrl: created.url, dataDir: 'memory', poolSize: 2 }),
        ),
      );
      const opened = attempts.flatMap((attempt) =>
        attempt.status === 'fulfilled' ? [attempt.value] : [],
      );
      handles.push(...opened);
      expect(attempts.filter((attempt) => attempt.status === 'rejected')).toEqual([]);
      const [first] = opened;
      const applied = rowsOf<{ rows: number }>(
        await first?.db.execute(
          sql`select count(*)::int as rows from drizzle.__drizzle_migrations`,
        ),
      );
      expect(applied[0]?.rows).toBe(journal.entries.length);
      for (const handle of opened) {
        const events = rowsOf<{ rows: number }>(
          await handle.db.execute(sql`select count(*)::int as rows from sport_events`),
        );
        expect(events[0]?.rows).toBe(0);
      }
    }
  });
});
