import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../../src/db/database';
import { reusableStatement } from '../../src/db/statement';
import { users } from '../../src/modules/identity/identity.schema';
import { createTestDatabase } from '../test-database';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** Rolls a transaction back on purpose once `work` has looked inside it. */
class RolledBack extends Error {}

describe('a statement prepared once on the database', () => {
  const prepare = () =>
    reusableStatement(
      database.db
        .select({ id: users.id, uid: users.uid })
        .from(users)
        .where(eq(users.uid, sql.placeholder('uid')))
        .prepare('test_user_by_uid'),
    );

  it('runs on the database itself', async () => {
    const byUid = prepare();
    const [row] = await database.db
      .insert(users)
      .values({ uid: 'statement-outside', type: 1, currencyId: 1 })
      .returning({ id: users.id });
    expect(await byUid(database.db).execute({ uid: 'statement-outside' })).toEqual([
      { id: row?.id, uid: 'statement-outside' },
    ]);
  });

  it('runs inside a transaction, seeing what the transaction wrote and nothing after it', async () => {
    const byUid = prepare();
    let seenInside: unknown[] = [];
    await expect(
      database.db.transaction(async (tx) => {
        const executor = tx as unknown as Database;
        await executor.insert(users).values({ uid: 'statement-inside', type: 1, currencyId: 1 });
        seenInside = await byUid(executor).execute({ uid: 'statement-inside' });
        // A savepoint runs on the same connection as its transaction.
        await executor.transaction(async (savepoint) => {
          expect(
            await byUid(savepoint as unknown as Database).execute({ uid: 'statement-inside' }),
          ).toHaveLength(1);
        });
        throw new RolledBack();
      }),
    ).rejects.toBeInstanceOf(RolledBack);
    expect(seenInside).toHaveLength(1);
    expect(await byUid(database.db).execute({ uid: 'statement-inside' })).toEqual([]);
  });

  it('is refused when what it is given keeps no client to rebind', () => {
    expect(() => reusableStatement({ execute: async () => [] })).toThrow(/keeps its client/);
  });
});
