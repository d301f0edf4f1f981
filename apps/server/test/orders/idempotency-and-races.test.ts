import { orderStatus } from '@sb/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../src/modules/orders/orders.schema';
import type { TestApp } from '../test-app';
import {
  type Book,
  balanceOf,
  cny,
  countRows,
  createOrdersTestApp,
  expectLedgerBalanced,
  expectOk,
  expectRefused,
  fundedMember,
  placeBet,
  single,
  stakesHeld,
} from './helpers';

/**
 * Every case runs twice: with each bet in a transaction of its own, and with the bets arriving
 * together placed in shared transactions, where each must still answer as it would alone.
 */
describe.each([
  { placing: 'each bet in its own transaction', batch: undefined },
  { placing: 'bets arriving together sharing a transaction', batch: { size: 10, waitMs: 50 } },
])('$placing:', ({ batch }) => {
  let testApp: TestApp;
  let book: Book;
  beforeAll(async () => {
    ({ testApp, book } = await createOrdersTestApp(batch ? { batch } : {}));
  });
  afterAll(() => testApp.close());

  describe('idempotent order create', () => {
    it('answers the same order for the same key, and 1005 for the key with another bet', async () => {
      const member = await fundedMember(testApp, 100_000);
      const pick = book.pick(book.preMatchAt(0));
      const first = expectOk(await placeBet(testApp, member, single(pick, 1_000), 'bet-key-1'));
      const before = await countRows(testApp);
      const again = expectOk(await placeBet(testApp, member, single(pick, 1_000), 'bet-key-1'));
      expect(again).toEqual(first);
      expect(await countRows(testApp)).toEqual(before);
      expectRefused(await placeBet(testApp, member, single(pick, 2_000), 'bet-key-1'), 1005);
      expect(await countRows(testApp)).toEqual(before);
      expect(await balanceOf(testApp, member.userId, cny.currencyId)).toEqual({
        amount: 99_000,
        frozen: 0,
      });
      // Keys belong to their member: another member's same key is a new order.
      const other = await fundedMember(testApp, 100_000);
      const theirs = expectOk(await placeBet(testApp, other, single(pick, 1_000), 'bet-key-1'));
      expect(theirs.orderNo).not.toBe(first.orderNo);
    });

    it('makes one order of many identical creates racing with one key', async () => {
      const member = await fundedMember(testApp, 100_000);
      const pick = book.pick(book.preMatchAt(1));
      const answers = await Promise.all(
        Array.from({ length: 12 }, () =>
          placeBet(testApp, member, single(pick, 1_500), 'race-key'),
        ),
      );
      const orderNos = new Set(answers.map((answer) => expectOk(answer).orderNo));
      expect(orderNos.size).toBe(1);
      const rows = await testApp.database.db
        .select()
        .from(orders)
        .where(eq(orders.userId, member.userId));
      expect(rows).toHaveLength(1);
      expect(await balanceOf(testApp, member.userId, cny.currencyId)).toEqual({
        amount: 98_500,
        frozen: 0,
      });
      await expectLedgerBalanced(testApp);
    });

    it('never overdraws when many bets race over one balance', async () => {
      const member = await fundedMember(testApp, 10_000);
      const events = book.preMatch().slice(0, 4);
      const heldBefore = await stakesHeld(testApp);
      const answers = await Promise.all(
        Array.from({ length: 16 }, (_, index) =>
          placeBet(
            testApp,
            member,
            single(book.pick(events[index % events.length] ?? book.preMatchAt(0)), 3_000),
          ),
        ),
      );
      const accepted = answers.filter((answer) => answer.code === 0);
      const refused = answers.filter((answer) => answer.code !== 0);
      expect(accepted).toHaveLength(3);
      expect(refused.every((answer) => answer.code === 5001)).toBe(true);
      for (const answer of accepted) expect(expectOk(answer).status).toBe(orderStatus.accepted);
      expect(await balanceOf(testApp, member.userId, cny.currencyId)).toEqual({
        amount: 1_000,
        frozen: 0,
      });
      expect(await stakesHeld(testApp)).toBe(heldBefore + 9_000);
      const rows = await testApp.database.db
        .select()
        .from(orders)
        .where(eq(orders.userId, member.userId));
      expect(rows).toHaveLength(3);
      await expectLedgerBalanced(testApp);
    });
  });
});
