import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../../src/db/database';
import { users } from '../../src/modules/identity/identity.schema';
import { ledgerAccounts, ledgerTransactions } from '../../src/modules/ledger/ledger.schema';
import {
  createLedger,
  type Ledger,
  type TransferRequest,
} from '../../src/modules/ledger/ledger.service';
import { checkLedger } from '../../src/modules/ledger/ledger-check';
import { systemAccountShards } from '../../src/modules/ledger/transfer-statement';
import { createTestDatabase } from '../test-database';

/** Many transfers applied together inside a caller's transaction, as if each went alone. */

const cny = 1;
let database: DatabaseHandle;
let ledger: Ledger;
let nextUid = 0;

async function newUser(): Promise<number> {
  nextUid += 1;
  const [row] = await database.db
    .insert(users)
    .values({ uid: `transfer-each-${nextUid}-${Date.now()}`, type: 1, currencyId: cny })
    .returning({ id: users.id });
  return (row as { id: number }).id;
}

const main = (userId: number) => ({ userId, bucket: 'main' as const, currencyId: cny });

async function funded(amount: number): Promise<number> {
  const userId = await newUser();
  await ledger.transfer({
    idempotencyKey: `each-grant-${userId}`,
    kind: 'test_grant',
    postings: [
      { account: { systemCode: 'house', currencyId: cny }, amount: -amount },
      { account: main(userId), amount },
    ],
  });
  return userId;
}

/** A stake held: the member's main account to stakes_held, as placing a bet does. */
const stake = (userId: number, amount: number, key: string): TransferRequest => ({
  idempotencyKey: key,
  kind: 'test_stake',
  reference: key,
  postings: [
    { account: main(userId), amount: -amount },
    { account: { systemCode: 'stakes_held', currencyId: cny }, amount },
  ],
});

async function balanceOf(userId: number): Promise<number> {
  const [row] = await database.db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.bucket, 'main')));
  return row?.balance ?? 0;
}

const inTransaction = <T>(work: (tx: Database) => Promise<T>) =>
  database.db.transaction((tx) => work(tx as unknown as Database));

beforeAll(async () => {
  database = await createTestDatabase();
  ledger = createLedger(database.db);
});
afterAll(() => database.close());

describe('transfers applied together', () => {
  it('apply each one with its own key, postings and shard of stakes_held', async () => {
    const [first, second] = [await funded(10_000), await funded(10_000)];
    const outcomes = await inTransaction((tx) =>
      ledger.transferEachWithin(tx, [
        stake(first, 1_000, `each-a-${first}`),
        stake(second, 2_000, `each-b-${second}`),
        stake(first, 3_000, `each-c-${first}`),
      ]),
    );
    expect(outcomes.every((outcome) => typeof outcome.transactionId === 'number')).toBe(true);
    expect(new Set(outcomes.map((outcome) => outcome.transactionId)).size).toBe(3);
    expect(await balanceOf(first)).toBe(6_000);
    expect(await balanceOf(second)).toBe(8_000);
    const held = await database.db
      .select({ bucket: ledgerAccounts.bucket, balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(
        and(
          eq(ledgerAccounts.systemCode, 'stakes_held'),
          inArray(ledgerAccounts.bucket, [
            `shard-${first % systemAccountShards}`,
            `shard-${second % systemAccountShards}`,
          ]),
        ),
      );
    // Each stake went to the shard of its own member, as a transfer alone puts it (the file's
    // database is fresh: these are the first stakes held).
    expect(new Map(held.map((row) => [row.bucket, row.balance]))).toEqual(
      new Map([
        [`shard-${first % systemAccountShards}`, 4_000],
        [`shard-${second % systemAccountShards}`, 2_000],
      ]),
    );
    expect((await checkLedger(database.db)).ok).toBe(true);
  });

  it('refuse, in order, the ones that would overdraw, and apply the rest', async () => {
    const member = await funded(1_000);
    const other = await funded(500);
    const outcomes = await inTransaction((tx) =>
      ledger.transferEachWithin(tx, [
        stake(member, 400, `each-o1-${member}`),
        stake(member, 400, `each-o2-${member}`),
        // 200 left: this one does not fit, the smaller one after it does.
        stake(member, 300, `each-o3-${member}`),
        stake(other, 600, `each-o4-${other}`),
        stake(member, 200, `each-o5-${member}`),
      ]),
    );
    expect(outcomes.map((outcome) => outcome.refused ?? 'applied')).toEqual([
      'applied',
      'applied',
      'INSUFFICIENT_FUNDS',
      'INSUFFICIENT_FUNDS',
      'applied',
    ]);
    expect(await balanceOf(member)).toBe(0);
    expect(await balanceOf(other)).toBe(500);
    const refusedKeys = await database.db
      .select({ key: ledgerTransactions.idempotencyKey })
      .from(ledgerTransactions)
      .where(inArray(ledgerTransactions.idempotencyKey, [`each-o3-${member}`, `each-o4-${other}`]));
    expect(refusedKeys).toEqual([]);
    expect((await checkLedger(database.db)).ok).toBe(true);
  });

  it('refuse a debit of an account that does not exist yet, and create one on a credit', async () => {
    const empty = await newUser();
    const payee = await newUser();
    const outcomes = await inTransaction((tx) =>
      ledger.transferEachWithin(tx, [
        stake(empty, 100, `each-empty-${empty}`),
        {
          idempotencyKey: `each-credit-${payee}`,
          kind: 'test_grant',
          postings: [
            { account: { systemCode: 'house', currencyId: cny }, amount: -700 },
            { account: main(payee), amount: 700 },
          ],
        },
      ]),
    );
    expect(outcomes[0]).toEqual({ refused: 'INSUFFICIENT_FUNDS' });
    expect(outcomes[1]?.transactionId).toEqual(expect.any(Number));
    expect(await balanceOf(payee)).toBe(700);
    expect((await checkLedger(database.db)).ok).toBe(true);
  });

  it('throw on a key already used, leaving nothing once the caller rolls back', async () => {
    const member = await funded(5_000);
    await ledger.transfer(stake(member, 100, `each-used-${member}`));
    const before = await balanceOf(member);
    await expect(
      inTransaction((tx) =>
        ledger.transferEachWithin(tx, [
          stake(member, 200, `each-new-${member}`),
          stake(member, 100, `each-used-${member}`),
        ]),
      ),
    ).rejects.toThrow(/already in the ledger/);
    expect(await balanceOf(member)).toBe(before);
    const [row] = await database.db
      .select({ key: ledgerTransactions.idempotencyKey })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, `each-new-${member}`));
    expect(row).toBeUndefined();
    expect((await checkLedger(database.db)).ok).toBe(true);
  });

  it('never deadlock nor overdraw while single transfers and other batches race on the same members', async () => {
    const members = [await funded(20_000), await funded(20_000), await funded(20_000)];
    const work: Promise<unknown>[] = [];
    for (let round = 0; round < 8; round += 1) {
      const order = round % 2 === 0 ? members : [...members].reverse();
      work.push(
        inTransaction((tx) =>
          ledger.transferEachWithin(
            tx,
            order.map((userId) => stake(userId, 900, `each-race-${round}-${userId}`)),
          ),
        ),
      );
      const [from, to] = [order[0] as number, order[1] as number];
      work.push(
        ledger.transfer({
          idempotencyKey: `each-race-move-${round}`,
          kind: 'test_move',
          postings: [
            { account: main(from), amount: -50 },
            { account: main(to), amount: 50 },
          ],
        }),
      );
    }
    await Promise.all(work);
    const total = (await Promise.all(members.map(balanceOf))).reduce((sum, value) => sum + value);
    expect(total).toBe(3 * 20_000 - 8 * 3 * 900);
    expect((await checkLedger(database.db)).ok).toBe(true);
  });
});
