import { orderStatus } from '@sb/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransactions } from '../../src/modules/ledger/ledger.schema';
import { orderLegs, orderStatusHistory, orders } from '../../src/modules/orders/orders.schema';
import type { TestApp } from '../test-app';
import {
  type Book,
  balanceOf,
  cny,
  countRows,
  createOrdersTestApp,
  expectLedgerBalanced,
  expectOk,
  fundedMember,
  placeBet,
  single,
  stakesHeld,
} from './helpers';

/**
 * Bets arriving together share one transaction (ORDER_BATCH_SIZE), and each still answers as it
 * would have alone. A generous wait makes the concurrent requests of a test meet in one batch
 * even on a loaded machine.
 */
let testApp: TestApp;
let book: Book;
beforeAll(async () => {
  ({ testApp, book } = await createOrdersTestApp({ batch: { size: 20, waitMs: 50 } }));
});
afterAll(() => testApp.close());

/**
 * How many database transactions held the stakes of these orders: PostgreSQL's now() is the
 * start of the transaction, so stakes held in one transaction share their creation time.
 */
async function stakeTransactionsOf(orderNos: string[]): Promise<number> {
  const rows = await testApp.database.db
    .select({ at: ledgerTransactions.createdAt })
    .from(ledgerTransactions)
    .where(
      and(
        eq(ledgerTransactions.kind, 'order_stake'),
        inArray(ledgerTransactions.reference, orderNos),
      ),
    );
  expect(rows).toHaveLength(orderNos.length);
  return new Set(rows.map((row) => row.at.getTime())).size;
}

describe('bets placed together', () => {
  it('share a transaction, each with its own order, legs, history and stake', async () => {
    const members = await Promise.all(
      Array.from({ length: 8 }, () => fundedMember(testApp, 50_000)),
    );
    const events = book.preMatch().slice(0, 4);
    const heldBefore = await stakesHeld(testApp);
    const answers = await Promise.all(
      members.map((member, index) =>
        placeBet(
          testApp,
          member,
          single(book.pick(events[index % events.length] ?? book.preMatchAt(0)), 1_000 + index),
        ),
      ),
    );
    const placed = answers.map((answer) => expectOk(answer));
    expect(placed.every((order) => order.status === orderStatus.accepted)).toBe(true);
    expect(await stakeTransactionsOf(placed.map((order) => order.orderNo))).toBeLessThan(8);
    for (const [index, member] of members.entries())
      expect(await balanceOf(testApp, member.userId, cny.currencyId)).toEqual({
        amount: 50_000 - (1_000 + index),
        frozen: 0,
      });
    expect(await stakesHeld(testApp)).toBe(heldBefore + 8 * 1_000 + 28);
    const ids = (
      await testApp.database.db
        .select({ id: orders.id })
        .from(orders)
        .where(
          inArray(
            orders.orderNo,
            placed.map((order) => order.orderNo),
          ),
        )
    ).map((row) => row.id);
    const legs = await testApp.database.db
      .select()
      .from(orderLegs)
      .where(inArray(orderLegs.orderId, ids));
    const history = await testApp.database.db
      .select()
      .from(orderStatusHistory)
      .where(inArray(orderStatusHistory.orderId, ids));
    expect(legs).toHaveLength(8);
    expect(history).toHaveLength(8);
    expect(history.every((row) => row.fromStatus === null && row.actor === 'member')).toBe(true);
    await expectLedgerBalanced(testApp);
  });

  it('refuse a member whose balance runs out, and leave the other bets of the batch placed', async () => {
    const short = await fundedMember(testApp, 2_500);
    const others = await Promise.all([fundedMember(testApp, 5_000), fundedMember(testApp, 5_000)]);
    const pick = book.pick(book.preMatchAt(2));
    const before = await countRows(testApp);
    const answers = await Promise.all([
      placeBet(testApp, short, single(pick, 1_000)),
      placeBet(testApp, others[0] ?? short, single(pick, 1_000)),
      placeBet(testApp, short, single(pick, 1_000)),
      placeBet(testApp, short, single(pick, 1_000)),
      placeBet(testApp, others[1] ?? short, single(pick, 1_000)),
    ]);
    const byShort = [answers[0], answers[2], answers[3]];
    expect(byShort.filter((answer) => answer?.code === 0)).toHaveLength(2);
    expect(byShort.filter((answer) => answer?.code === 5001)).toHaveLength(1);
    expect(answers[1]?.code).toBe(0);
    expect(answers[4]?.code).toBe(0);
    const accepted = answers.flatMap((answer) =>
      answer?.code === 0 ? [expectOk(answer).orderNo] : [],
    );
    expect(await stakeTransactionsOf(accepted)).toBeLessThan(accepted.length);
    expect(await balanceOf(testApp, short.userId, cny.currencyId)).toEqual({
      amount: 500,
      frozen: 0,
    });
    // The refused bet left nothing behind: four orders, each with one leg, one history row and
    // one ledger transaction.
    const after = await countRows(testApp);
    expect(after.orders - before.orders).toBe(4);
    expect(after.legs - before.legs).toBe(4);
    expect(after.history - before.history).toBe(4);
    expect(after.ledger - before.ledger).toBe(4);
    await expectLedgerBalanced(testApp);
  });
});
