import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../../src/db/database';
import { AppError } from '../../src/http/app-error';
import { users } from '../../src/modules/identity/identity.schema';
import { ledgerAccounts, ledgerTransactions } from '../../src/modules/ledger/ledger.schema';
import { createLedger, type Ledger } from '../../src/modules/ledger/ledger.service';
import { checkLedger } from '../../src/modules/ledger/ledger-check';
import { systemAccountShards } from '../../src/modules/ledger/transfer.statement';
import { createTestDatabase } from '../test-database';

/** The one-statement transfer path: account creation, lock order, refusals inside transactions. */

const cny = 1;
let database: DatabaseHandle;
let ledger: Ledger;
let nextUid = 0;

async function newUser(): Promise<number> {
  nextUid += 1;
  const [row] = await database.db
    .insert(users)
    .values({ uid: `transfer-test-${nextUid}-${Date.now()}`, type: 1, currencyId: cny })
    .returning({ id: users.id });
  return (row as { id: number }).id;
}

const main = (userId: number) => ({ userId, bucket: 'main' as const, currencyId: cny });

function grant(userId: number, amount: number, key: string) {
  return ledger.transfer({
    idempotencyKey: key,
    kind: 'test_grant',
    postings: [
      { account: { systemCode: 'house', currencyId: cny }, amount: -amount },
      { account: main(userId), amount },
    ],
  });
}

/** The stakes_held rows in CNY by bucket. */
async function stakesHeldRows(): Promise<Map<string, number>> {
  const rows = await database.db
    .select({ bucket: ledgerAccounts.bucket, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.systemCode, 'stakes_held'), eq(ledgerAccounts.currencyId, cny)));
  return new Map(rows.map((row) => [row.bucket, row.balance]));
}

beforeAll(async () => {
  database = await createTestDatabase();
  ledger = createLedger(database.db);
});
afterAll(() => database.close());

describe('ledger transfers', () => {
  it('create an account on its first credit even when many first credits race', async () => {
    const userId = await newUser();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        grant(userId, 100 + index, `first-${userId}-${index}`),
      ),
    );
    expect(results.every((result) => !result.replayed)).toBe(true);
    expect(await ledger.memberBalances(userId)).toEqual([
      { currencyId: cny, amount: 20 * 100 + 190, frozen: 0, bonus: 0, inGames: 0, inMarkets: 0 },
    ]);
  });

  it('refuse a debit from an account that does not exist yet, creating nothing', async () => {
    const userId = await newUser();
    const debit = ledger.transfer({
      idempotencyKey: `empty-${userId}`,
      kind: 'test_stake',
      postings: [
        { account: main(userId), amount: -1 },
        { account: { systemCode: 'stakes_held', currencyId: cny }, amount: 1 },
      ],
    });
    await expect(debit).rejects.toMatchObject({ errorName: 'INSUFFICIENT_FUNDS' });
    expect(await ledger.memberBalances(userId)).toEqual([]);
  });

  it('never deadlock when transfers cross between the same accounts in both directions', async () => {
    const ids = [await newUser(), await newUser(), await newUser(), await newUser()];
    for (const id of ids) await grant(id, 1_000_000, `cross-fund-${id}`);
    const transfers = Array.from({ length: 120 }, (_, index) => {
      const from = ids[index % ids.length] as number;
      const to = ids[(index * 3 + 1) % ids.length] as number;
      // Each transfer touches two members and the house, in every combination of directions.
      const postings = [
        { account: main(from), amount: -10 },
        { account: main(to), amount: 5 },
        { account: { systemCode: 'house' as const, currencyId: cny }, amount: 5 },
      ];
      return ledger
        .transfer({ idempotencyKey: `cross-${ids[0]}-${index}`, kind: 'test_cross', postings })
        .then(
          () => 'applied',
          (error: unknown) => (error instanceof AppError ? error.errorName : String(error)),
        );
    });
    const outcomes = await Promise.all(transfers);
    expect(outcomes.filter((outcome) => outcome !== 'applied')).toEqual([]);
    expect((await checkLedger(database.db)).ok).toBe(true);
  });

  it('net several postings to one account, writing each posting', async () => {
    const userId = await newUser();
    await grant(userId, 1_000, `net-fund-${userId}`);
    const { transactionId } = await ledger.transfer({
      idempotencyKey: `net-${userId}`,
      kind: 'test_net',
      reference: `order:${userId}`,
      metadata: { reason: 'netting' },
      postings: [
        { account: main(userId), amount: -1_000 },
        { account: main(userId), amount: 400 },
        { account: { systemCode: 'stakes_held', currencyId: cny }, amount: 600 },
      ],
    });
    expect(await ledger.memberBalances(userId)).toEqual([
      { currencyId: cny, amount: 400, frozen: 0, bonus: 0, inGames: 0, inMarkets: 0 },
    ]);
    const [row] = await database.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.id, transactionId));
    expect(row).toMatchObject({ reference: `order:${userId}`, metadata: { reason: 'netting' } });
    const postings = (await database.db.execute(
      sql`select count(*)::int as count from ledger_postings where transaction_id = ${transactionId}`,
    )) as unknown as { rows: { count: number }[] };
    expect(postings.rows[0]?.count).toBe(3);
  });

  it('take a refused transfer back with the caller’s transaction and its domain row', async () => {
    const userId = await newUser();
    await grant(userId, 50, `within-fund-${userId}`);
    const attempt = database.db.transaction(async (tx) => {
      await tx.execute(sql`update users set account = ${`within-${userId}`} where id = ${userId}`);
      await ledger.transferWithin(tx as unknown as Database, {
        idempotencyKey: `within-${userId}`,
        kind: 'test_stake',
        postings: [
          { account: main(userId), amount: -51 },
          { account: { systemCode: 'stakes_held', currencyId: cny }, amount: 51 },
        ],
      });
    });
    await expect(attempt).rejects.toMatchObject({ errorName: 'INSUFFICIENT_FUNDS' });
    const [user] = await database.db.select().from(users).where(eq(users.id, userId));
    expect(user?.account).toBeNull();
    expect(await ledger.memberBalances(userId)).toEqual([
      { currencyId: cny, amount: 50, frozen: 0, bonus: 0, inGames: 0, inMarkets: 0 },
    ]);
  });

  it('leave the caller’s transaction usable after a refusal, so it can record the refusal', async () => {
    const userId = await newUser();
    await grant(userId, 50, `usable-fund-${userId}`);
    const stake = (amount: number, key: string) => ({
      idempotencyKey: key,
      kind: 'test_stake',
      postings: [
        { account: main(userId), amount: -amount },
        { account: { systemCode: 'stakes_held' as const, currencyId: cny }, amount },
      ],
    });
    await database.db.transaction(async (tx) => {
      const inTransaction = tx as unknown as Database;
      await expect(
        ledger.transferWithin(inTransaction, stake(80, `usable-big-${userId}`)),
      ).rejects.toMatchObject({ errorName: 'INSUFFICIENT_FUNDS' });
      await ledger.transferWithin(inTransaction, stake(30, `usable-small-${userId}`));
      await tx.execute(sql`update users set account = ${`usable-${userId}`} where id = ${userId}`);
    });
    const [user] = await database.db.select().from(users).where(eq(users.id, userId));
    expect(user?.account).toBe(`usable-${userId}`);
    expect(await ledger.memberBalances(userId)).toEqual([
      { currencyId: cny, amount: 20, frozen: 0, bonus: 0, inGames: 0, inMarkets: 0 },
    ]);
    expect((await checkLedger(database.db)).ok).toBe(true);
  });

  it("spread a system account over its members' shards, each row's sum of postings its balance", async () => {
    const members = await Promise.all(Array.from({ length: 40 }, () => newUser()));
    await Promise.all(members.map((userId) => grant(userId, 1_000, `shard-fund-${userId}`)));
    const heldBefore = await stakesHeldRows();
    // Every member stakes at once, twice: the stakes_held rows take every unit exactly once.
    await Promise.all(
      members.flatMap((userId) =>
        [1, 2].map((round) =>
          ledger.transfer({
            idempotencyKey: `shard-stake-${userId}-${round}`,
            kind: 'test_stake',
            postings: [
              { account: main(userId), amount: -(100 + round) },
              { account: { systemCode: 'stakes_held', currencyId: cny }, amount: 100 + round },
            ],
          }),
        ),
      ),
    );
    const heldAfter = await stakesHeldRows();
    const total = (rows: Map<string, number>) => [...rows.values()].reduce((a, b) => a + b, 0);
    expect(total(heldAfter) - total(heldBefore)).toBe(members.length * 203);
    const expectedBuckets = new Set(
      members.map((userId) => `shard-${userId % systemAccountShards}`),
    );
    for (const bucket of expectedBuckets) expect(heldAfter.has(bucket), bucket).toBe(true);
    expect(expectedBuckets.size).toBeGreaterThan(1);
    expect((await checkLedger(database.db)).ok).toBe(true);
  });

  it('refuse, as a whole, a transfer that would take a balance beyond a safe integer', async () => {
    const userId = await newUser();
    // A currency and issuer of its own, so the other tests' house balance is not near the edge.
    const eth = 12;
    const issue = (amount: number, key: string) =>
      ledger.transfer({
        idempotencyKey: key,
        kind: 'test_issue',
        postings: [
          { account: { systemCode: 'demo_issuer', currencyId: eth }, amount: -amount },
          { account: { userId, bucket: 'main', currencyId: eth }, amount },
        ],
      });
    await issue(Number.MAX_SAFE_INTEGER - 5, `edge-${userId}`);
    await expect(issue(10, `beyond-${userId}`)).rejects.toThrow(/beyond a safe integer/);
    expect(await ledger.memberBalances(userId)).toEqual([
      {
        currencyId: eth,
        amount: Number.MAX_SAFE_INTEGER - 5,
        frozen: 0,
        bonus: 0,
        inGames: 0,
        inMarkets: 0,
      },
    ]);
    const [refused] = await database.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, `beyond-${userId}`));
    expect(refused).toBeUndefined();
  });
});
