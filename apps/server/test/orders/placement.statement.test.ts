import { orderStatus } from '@sb/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/database';
import { createCatalogue } from '../../src/modules/catalogue/catalogue.service';
import { users } from '../../src/modules/identity/identity.schema';
import { debitTransferOf } from '../../src/modules/ledger/debit-gate';
import { ledgerAccounts, ledgerTransactions } from '../../src/modules/ledger/ledger.schema';
import { createLedger, type Ledger } from '../../src/modules/ledger/ledger.service';
import { checkLedger } from '../../src/modules/ledger/ledger-check';
import { requestDigestOf, systemAccountShards } from '../../src/modules/ledger/transfer.statement';
import { createOrderWriter, newOrderNo } from '../../src/modules/orders/order-writer';
import {
  createOrdersRepository,
  type OrdersRepository,
} from '../../src/modules/orders/orders.repository';
import { orders } from '../../src/modules/orders/orders.schema';
import { type PlacedOrderInput, stakeHoldOf } from '../../src/modules/orders/placement.statement';
import { createTestDatabase } from '../test-database';

/**
 * The one statement that places orders and holds their stakes, and the writer around it: each
 * order answers as it would alone, whatever else shares its statement.
 */

const cny = 1;
let database: DatabaseHandle;
let ledger: Ledger;
let repository: OrdersRepository;
let nextUid = 0;

async function newUser(): Promise<number> {
  nextUid += 1;
  const [row] = await database.db
    .insert(users)
    .values({ uid: `placement-${nextUid}-${Date.now()}`, type: 1, currencyId: cny })
    .returning({ id: users.id });
  return (row as { id: number }).id;
}

async function funded(amount: number): Promise<number> {
  const userId = await newUser();
  await ledger.transfer({
    idempotencyKey: `placement-grant-${userId}`,
    kind: 'test_grant',
    postings: [
      { account: { systemCode: 'house', currencyId: cny }, amount: -amount },
      { account: { userId, bucket: 'main', currencyId: cny }, amount },
    ],
  });
  return userId;
}

async function mainBalanceOf(userId: number): Promise<number | undefined> {
  const [row] = await database.db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.bucket, 'main')));
  return row?.balance;
}

/** A pre-match single of `stakeMinor` as placement hands it to the writer. */
function bet(
  userId: number,
  stakeMinor: number,
  extra: { orderNo?: string; idempotencyKey?: string } = {},
): PlacedOrderInput {
  const createdAt = new Date();
  return {
    values: {
      orderNo: extra.orderNo ?? newOrderNo(createdAt),
      userId,
      idempotencyKey: extra.idempotencyKey ?? null,
      requestDigest: `digest-${stakeMinor}`,
      currencyId: cny,
      betType: 0,
      stakeMinor,
      bonusStakeMinor: 0,
      freeBetId: null,
      totalOddsUnits: 20_000,
      potentialPayoutMinor: stakeMinor * 2,
      acceptOdds: 0,
      status: orderStatus.accepted,
      isRiskFlagged: false,
      isLive: false,
      oddsConfig: [0, 0, 0, 0, 0],
      acceptAfter: null,
      createdAt,
    },
    legs: [
      {
        eventId: 1,
        sportId: 1,
        leagueId: 1,
        playId: 3,
        specifiers: '',
        outcomeId: 'home',
        optionId: '1-3-aG9tZQ',
        requestedOddsUnits: 20_000,
        oddsUnits: 20_000,
        marketStatus: 'active',
      },
    ],
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  ledger = createLedger(database.db);
  repository = createOrdersRepository(database.db, createCatalogue(database.db));
});
afterAll(() => database.close());

describe('the placement statement', () => {
  it('writes the funded orders, holds their stakes on the members’ shards and leaves the rest out', async () => {
    const [rich, poor, unfunded] = [await funded(10_000), await funded(500), await newUser()];
    const inputs = [bet(rich, 3_000), bet(poor, 1_000), bet(unfunded, 100), bet(rich, 2_000)];
    const rows = await repository.placeOrders(inputs);

    expect(rows.map((row) => [row.order !== null, row.isFunded])).toEqual([
      [true, true],
      [false, false],
      [false, false],
      [true, true],
    ]);
    expect(rows[0]?.order?.order.orderNo).toBe(inputs[0]?.values.orderNo);
    expect(rows[0]?.order?.legs.map((leg) => leg.legIndex)).toEqual([0]);
    expect(await mainBalanceOf(rich)).toBe(5_000);
    expect(await mainBalanceOf(poor)).toBe(500);
    expect(await mainBalanceOf(unfunded)).toBeUndefined();

    const written = await database.db
      .select({ orderNo: orders.orderNo })
      .from(orders)
      .where(
        inArray(
          orders.orderNo,
          inputs.map((input) => input.values.orderNo),
        ),
      );
    expect(written).toHaveLength(2);
    // The shard a single transfer of this member books on, and the digest it would record.
    const [shard] = await database.db
      .select({ balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(
        and(
          eq(ledgerAccounts.systemCode, 'stakes_held'),
          eq(ledgerAccounts.bucket, `shard-${rich % systemAccountShards}`),
        ),
      );
    expect(shard?.balance).toBeGreaterThanOrEqual(5_000);
    const first = inputs[0] as PlacedOrderInput;
    const [transaction] = await database.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, `order-stake:${first.values.orderNo}`));
    expect(transaction?.requestDigest).toBe(
      requestDigestOf(debitTransferOf(stakeHoldOf(first.values))),
    );
    expect((await checkLedger(database.db)).ok).toBe(true);
  });

  it('judges a member’s orders of one statement in turn, each on what the ones before it left', async () => {
    const member = await funded(2_500);
    const rows = await repository.placeOrders([
      bet(member, 1_000),
      bet(member, 1_000),
      bet(member, 1_000),
    ]);
    expect(rows.map((row) => row.order !== null)).toEqual([true, true, false]);
    expect(await mainBalanceOf(member)).toBe(500);
    expect((await checkLedger(database.db)).ok).toBe(true);
  });

  it('leaves out an order whose number is taken, as funded, and writes nothing of it', async () => {
    const member = await funded(5_000);
    const taken = bet(member, 1_000);
    await repository.placeOrders([taken]);
    const [row] = await repository.placeOrders([
      bet(member, 1_000, { orderNo: taken.values.orderNo }),
    ]);
    expect(row).toEqual({ order: null, isFunded: true });
    expect(await mainBalanceOf(member)).toBe(4_000);
  });
});

describe('the order writer', () => {
  it('numbers an order again when its number is taken, and places it', async () => {
    const member = await funded(5_000);
    const taken = bet(member, 1_000);
    const fresh = newOrderNo(new Date());
    const writer = createOrderWriter({ repository, renumber: () => fresh });
    await writer.write(taken);
    const placed = await writer.write(bet(member, 1_500, { orderNo: taken.values.orderNo }));
    expect(placed.isNew).toBe(true);
    expect(placed.order.order.orderNo).toBe(fresh);
    expect(await mainBalanceOf(member)).toBe(2_500);
  });

  it('answers a replay for a key already placed, and 5001 for a stake beyond the balance', async () => {
    const member = await funded(1_000);
    const writer = createOrderWriter({
      repository,
      batching: { maxOrders: 10, waitMs: 20, onBatchFailed: () => undefined },
    });
    const first = await writer.write(bet(member, 600, { idempotencyKey: 'key-1' }));
    const [again, beyond] = await Promise.allSettled([
      writer.write(bet(member, 600, { idempotencyKey: 'key-1' })),
      writer.write(bet(member, 600)),
    ]);
    expect(again).toMatchObject({ status: 'fulfilled', value: { isNew: false } });
    if (again.status === 'fulfilled') expect(again.value.order.order.id).toBe(first.order.order.id);
    expect(beyond).toMatchObject({ status: 'rejected', reason: { code: 5001 } });
    expect(await mainBalanceOf(member)).toBe(400);
    expect((await checkLedger(database.db)).ok).toBe(true);
  });
});
