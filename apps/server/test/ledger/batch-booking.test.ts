import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../../src/db/database';
import { users } from '../../src/modules/identity/identity.schema';
import {
  BatchKeyTakenError,
  createLedger,
  type Ledger,
  type Posting,
  type TransferRequest,
} from '../../src/modules/ledger/ledger.service';
import { checkLedger } from '../../src/modules/ledger/ledger-check';
import { createTestDatabase } from '../test-database';

const cny = 1;
let database: DatabaseHandle;
let ledger: Ledger;
let nextUid = 0;

async function newMember(balance: number): Promise<number> {
  nextUid += 1;
  const [row] = await database.db
    .insert(users)
    .values({ uid: `batch-booking-${nextUid}`, type: 1, currencyId: cny })
    .returning({ id: users.id });
  const userId = (row as { id: number }).id;
  if (balance > 0)
    await ledger.transfer({
      idempotencyKey: `batch-booking-fund:${userId}`,
      kind: 'test_deposit',
      postings: [
        { account: { systemCode: 'deposits_in_transit', currencyId: cny }, amount: -balance },
        { account: { userId, bucket: 'main', currencyId: cny }, amount: balance },
      ],
    });
  return userId;
}

/** A payout as settlement books it: the held stake to the house, the payout to the member. */
function payout(key: string, userId: number, stake: number, paid: number): TransferRequest {
  const postings: Posting[] = [
    { account: { systemCode: 'stakes_held', currencyId: cny }, amount: -stake },
    { account: { systemCode: 'house', currencyId: cny }, amount: stake - paid },
    { account: { userId, bucket: 'main', currencyId: cny }, amount: paid },
  ];
  return {
    idempotencyKey: key,
    kind: 'order_settle',
    reference: key,
    postings: postings.filter((posting) => posting.amount !== 0),
  };
}

const mainOf = async (userId: number) =>
  (await ledger.memberBalances(userId)).find((balance) => balance.currencyId === cny)?.amount ?? 0;

const inTransaction = <T>(work: (tx: Database) => Promise<T>) =>
  database.db.transaction((tx) => work(tx as unknown as Database));

beforeAll(async () => {
  database = await createTestDatabase();
  ledger = createLedger(database.db);
});
afterAll(() => database.close());

describe('the ledger batch booking', () => {
  it('books many transactions each under its own key, as transfer would book them', async () => {
    const first = await newMember(0);
    const second = await newMember(0);
    const requests = [
      payout(`batch-a:${first}`, first, 1_000, 1_910),
      payout(`batch-b:${first}`, first, 500, 0),
      payout(`batch-c:${second}`, second, 2_000, 2_000),
    ];
    const ids = await inTransaction((tx) => ledger.bookBatchWithin(tx, requests));
    expect([...ids.keys()].sort()).toEqual(requests.map((request) => request.idempotencyKey));
    expect(await mainOf(first)).toBe(1_910);
    expect(await mainOf(second)).toBe(2_000);
    // The same request through transfer finds the batch's transaction: same key, same digest.
    const replay = await ledger.transfer(requests[0] as TransferRequest);
    expect(replay).toEqual({ transactionId: ids.get(`batch-a:${first}`), replayed: true });
    expect((await checkLedger(database.db)).ok).toBe(true);
  });

  it('fails whole on a key the ledger already holds, and changes nothing', async () => {
    const userId = await newMember(0);
    await ledger.transfer(payout(`taken:${userId}`, userId, 100, 150));
    const batch = [
      payout(`fresh:${userId}`, userId, 100, 190),
      payout(`taken:${userId}`, userId, 100, 150),
    ];
    await expect(inTransaction((tx) => ledger.bookBatchWithin(tx, batch))).rejects.toBeInstanceOf(
      BatchKeyTakenError,
    );
    expect(await mainOf(userId)).toBe(150);
    expect((await checkLedger(database.db)).ok).toBe(true);
  });

  it('refuses a batch that takes a member below zero as INSUFFICIENT_FUNDS', async () => {
    const userId = await newMember(300);
    const overdraw: TransferRequest = {
      idempotencyKey: `overdraw:${userId}`,
      kind: 'test_stake',
      postings: [
        { account: { userId, bucket: 'main', currencyId: cny }, amount: -301 },
        { account: { systemCode: 'stakes_held', currencyId: cny }, amount: 301 },
      ],
    };
    await expect(
      inTransaction((tx) => ledger.bookBatchWithin(tx, [overdraw])),
    ).rejects.toMatchObject({ errorName: 'INSUFFICIENT_FUNDS' });
    expect(await mainOf(userId)).toBe(300);
  });

  it('books a key once when batches holding it race', async () => {
    const members = await Promise.all([newMember(0), newMember(0), newMember(0)]);
    const shared = `shared:${members[0]}`;
    const batches = members.map((userId, index) => [
      payout(shared, members[0] as number, 1_000, 2_000),
      payout(`own:${userId}:${index}`, userId, 400, 800),
    ]);
    const outcomes = await Promise.allSettled(
      batches.map((batch) => inTransaction((tx) => ledger.bookBatchWithin(tx, batch))),
    );
    const booked = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    expect(booked).toHaveLength(1);
    for (const outcome of outcomes)
      if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(BatchKeyTakenError);
    const winner = outcomes.findIndex((outcome) => outcome.status === 'fulfilled');
    const balances = await Promise.all(members.map(mainOf));
    expect(balances).toEqual(
      members.map((_, index) => (index === winner ? 800 : 0) + (index === 0 ? 2_000 : 0)),
    );
    expect((await checkLedger(database.db)).ok).toBe(true);
  });
});

describe('the debit gate', () => {
  it('moves a member’s money out of main and refuses more than the balance', async () => {
    const userId = await newMember(1_000);
    const debit = {
      idempotencyKey: `gate-freeze:${userId}`,
      kind: 'withdraw_freeze',
      reference: `gate:${userId}`,
      userId,
      currencyId: cny,
      amountMinor: 600,
      to: { bucket: 'frozen' as const },
    };
    await inTransaction((tx) => ledger.debitWithin(tx, debit));
    expect(await ledger.memberBalances(userId)).toEqual([
      { currencyId: cny, amount: 1_000, frozen: 600, bonus: 0, inGames: 0, inMarkets: 0 },
    ]);
    await expect(
      inTransaction((tx) =>
        ledger.debitWithin(tx, {
          ...debit,
          idempotencyKey: `gate-repay:${userId}`,
          amountMinor: 401,
          to: { systemCode: 'loans_receivable' },
        }),
      ),
    ).rejects.toMatchObject({ errorName: 'INSUFFICIENT_FUNDS' });
    expect(await mainOf(userId)).toBe(1_000);
  });
});

describe('the wagering record', () => {
  it('gives a member’s staked, returned and net per product from the ledger’s kinds', async () => {
    const userId = await newMember(5_000);
    const stake = (key: string, amount: number, kind = 'order_stake'): TransferRequest => ({
      idempotencyKey: key,
      kind,
      reference: key,
      postings: [
        { account: { userId, bucket: 'main', currencyId: cny }, amount: -amount },
        { account: { systemCode: 'stakes_held', currencyId: cny }, amount },
      ],
    });
    await ledger.transfer(stake(`w-stake-1:${userId}`, 1_000));
    await ledger.transfer(stake(`w-stake-2:${userId}`, 2_000));
    await ledger.transfer(stake(`w-stake-3:${userId}`, 700));
    // The third never stood: its stake comes back, which is no wager.
    await ledger.transfer({
      ...stake(`w-stake-3:${userId}`, -700),
      idempotencyKey: `w-release-3:${userId}`,
      kind: 'order_release',
    });
    await ledger.transfer(payout(`w-settle-1:${userId}`, userId, 1_000, 1_910));
    await ledger.transfer(payout(`w-settle-2:${userId}`, userId, 2_000, 0));
    expect(await ledger.wagering({ userId })).toEqual([
      {
        product: 'sports',
        currencyId: cny,
        period: 0,
        staked: 3_000,
        returned: 1_910,
        net: -1_090,
      },
    ]);
    const byDay = await ledger.wagering({
      userId,
      period: { periodMs: 86_400_000, offsetMs: 0 },
    });
    expect(byDay.reduce((sum, figures) => sum + figures.net, 0)).toBe(-1_090);
    expect(await ledger.wagering({ userId, window: { until: new Date(0) } })).toEqual([]);
  });
});
