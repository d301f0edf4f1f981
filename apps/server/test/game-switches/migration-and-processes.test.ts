import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { memberProfile, type UserInfo } from '@sb/contract';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { authOf, expectOk, registerMember } from '../identity/helpers';
import { adminCall, operatorToken } from '../operators/helpers';
import { eventually } from '../realtime/helpers';
import { createTestApp } from '../test-app';
import { createPostgresTestDatabase, createTestDatabase } from '../test-database';

/**
 * The game switches' migration (existing 0 become NULL, following the site default; values set
 * otherwise stay), and a change of the site default seen by another process on the database.
 */

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

interface Journal {
  entries: { idx: number; tag: string }[];
}

/** A copy of the migrations folder holding those before `tag` only. */
function migrationsBefore(tag: string): { folder: string; remove: () => void } {
  const folder = mkdtempSync(join(tmpdir(), 'sb-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as Journal;
  const index = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(index, tag).toBeGreaterThan(0);
  writeFileSync(
    journalPath,
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }),
  );
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * An empty database of the suite's dialect (PostgreSQL with TEST_DATABASE_URL, else PGlite), to
 * migrate step by step.
 */
async function emptyDatabase() {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const client = await PGlite.create();
    const db = drizzlePglite(client);
    return {
      db,
      migrate: (folder: string) => migratePglite(db, { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const created = await createPostgresTestDatabase(adminUrl);
  const pool = new pg.Pool({ connectionString: created.url, max: 2 });
  const db = drizzlePostgres(pool);
  return {
    db,
    migrate: (folder: string) => migratePostgres(db, { migrationsFolder: folder }),
    close: async () => {
      await pool.end();
      await created.drop();
    },
  };
}

describe('the game switches migration', () => {
  it('turns the old default 0 into NULL and keeps other values', async () => {
    const database = await emptyDatabase();
    const { db } = database;
    const before = migrationsBefore('0037_game_switches');
    try {
      await database.migrate(before.folder);
      await db.execute(sql`
        insert into users (uid, type, currency_id, casino_sw, lottery_sw) values
          ('m-default', 1, 1, 0, 0), ('m-own', 1, 1, 10, 2), ('m-half', 1, 1, 4, 0)`);
      await database.migrate(migrationsFolder);
      const rows = rowsOf<{ uid: string; casino_sw: number | null; lottery_sw: number | null }>(
        await db.execute(sql`select uid, casino_sw, lottery_sw from users order by uid`),
      );
      expect(rows).toEqual([
        { uid: 'm-default', casino_sw: null, lottery_sw: null },
        { uid: 'm-half', casino_sw: 4, lottery_sw: null },
        { uid: 'm-own', casino_sw: 10, lottery_sw: 2 },
      ]);
      // New rows follow the default.
      await db.execute(sql`insert into users (uid, type, currency_id) values ('m-new', 1, 1)`);
      const fresh = rowsOf<{ casino_sw: number | null; lottery_sw: number | null }>(
        await db.execute(sql`select casino_sw, lottery_sw from users where uid = 'm-new'`),
      );
      expect(fresh).toEqual([{ casino_sw: null, lottery_sw: null }]);
    } finally {
      before.remove();
      await database.close();
    }
  });
});

const redisUrl = process.env.REDIS_URL;

describe.skipIf(!redisUrl)('two processes on one database', () => {
  it("a change of the site default on one shows at once in the other's profiles", async () => {
    const database = await createTestDatabase();
    const first = await createTestApp({ database });
    const second = await createTestApp({ database });
    try {
      const { session } = await registerMember(second);
      const profileCasinoSw = async () =>
        expectOk(await second.call<UserInfo>(memberProfile.path, authOf(session))).casinoSw;
      expect(await profileCasinoSw()).toBe(30);
      const admin = await operatorToken(first, ['admin'], Date.now());
      const set = await adminCall(first, '/admin/api/site/game/switches/set', {
        bearer: admin,
        fields: { casinoSw: 4, lotterySw: 2, reason: 'originals only' },
      });
      expect(set, set.msg).toMatchObject({ code: 0 });
      // Well inside the settings' TTL: the announcement, not the expiry, brought it.
      await eventually(
        async () => ((await profileCasinoSw()) === 4 ? true : undefined),
        'the second process to read the new default',
        2_000,
        50,
      );
      expect(await second.modules.identity.gameSwitchesOf(null)).toEqual({
        casinoSw: 4,
        lotterySw: 2,
      });
    } finally {
      await first.close();
      await second.close();
      await database.close();
    }
  });
});
