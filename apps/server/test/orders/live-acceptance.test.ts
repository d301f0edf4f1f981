import { type BetStatusEvent, orderList, orderStatus } from '@sb/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderStatusHistory, orders } from '../../src/modules/orders/orders.schema';
import type { RecordingSocket } from '../realtime/helpers';
import type { TestApp } from '../test-app';
import {
  type Book,
  balanceOf,
  cny,
  createOrdersTestApp,
  expectLedgerBalanced,
  expectOk,
  fundedMember,
  listenWithMemberSocket,
  placeBet,
  single,
  stakesHeld,
  type TestMember,
} from './helpers';

const betDelayMs = 150;
let testApp: TestApp;
let book: Book;
let member: TestMember;
let socket: RecordingSocket;

beforeAll(async () => {
  ({ testApp, book } = await createOrdersTestApp({ betDelayMs }));
  member = await fundedMember(testApp, 100_000);
  socket = await listenWithMemberSocket(testApp, member);
});
afterAll(async () => {
  socket.close();
  await testApp.close();
});

const statusOf = async (orderNo: string) => {
  const [row] = await testApp.database.db.select().from(orders).where(eq(orders.orderNo, orderNo));
  return row;
};

describe('live bets wait for the bet delay', () => {
  it('answers pending, then accepts when the market is still open (H bs 0 then 1)', async () => {
    const event = book.liveAt(0);
    const pick = book.pick(event);
    const since = socket.mark();
    const placedAt = Date.now();
    const order = expectOk(await placeBet(testApp, member, single(pick, 2_000)));
    expect(order).toMatchObject({ status: orderStatus.pending, isLive: true });
    const pending = await socket.next<BetStatusEvent>('H', (h) => h.orderNo === order.orderNo, {
      since,
    });
    expect(pending).toEqual({ orderNo: order.orderNo, oi: pick.optId, bs: 0, mr: 0 });
    const accepted = await socket.next<BetStatusEvent>(
      'H',
      (h) => h.orderNo === order.orderNo && h.bs === 1,
      { since },
    );
    expect(accepted).toEqual({ orderNo: order.orderNo, oi: pick.optId, bs: 1, mr: 0 });
    expect(Date.now() - placedAt).toBeGreaterThanOrEqual(betDelayMs - 10);
    expect((await statusOf(order.orderNo))?.status).toBe(orderStatus.accepted);
    expect(await balanceOf(testApp, member.userId, cny.currencyId)).toMatchObject({
      amount: 98_000,
    });
  });

  it('rejects after a suspension, returns the stake and says why (H bs 2, mr 4)', async () => {
    const event = book.liveAt(1);
    const pick = book.pick(event);
    const before = await balanceOf(testApp, member.userId, cny.currencyId);
    const heldBefore = await stakesHeld(testApp);
    const since = socket.mark();
    const order = expectOk(await placeBet(testApp, member, single(pick, 3_000)));
    expect(order.status).toBe(orderStatus.pending);
    expect(await balanceOf(testApp, member.userId, cny.currencyId)).toMatchObject({
      amount: before.amount - 3_000,
    });
    book.suspend(event);
    const rejected = await socket.next<BetStatusEvent>(
      'H',
      (h) => h.orderNo === order.orderNo && h.bs === 2,
      { since },
    );
    expect(rejected).toEqual({ orderNo: order.orderNo, oi: pick.optId, bs: 2, mr: 4 });
    // The stake came back, and the balance push says so.
    const pushed = await socket.next<{ amount: number; currencyId: number }[]>(
      'balance',
      (balances) =>
        balances.some(
          (entry) => entry.currencyId === cny.currencyId && entry.amount === before.amount,
        ),
      { since },
    );
    expect(pushed).toBeDefined();
    expect(await balanceOf(testApp, member.userId, cny.currencyId)).toEqual(before);
    expect(await stakesHeld(testApp)).toBe(heldBefore);
    const row = await statusOf(order.orderNo);
    expect(row).toMatchObject({ status: orderStatus.rejected, reason: 4 });
    const history = await testApp.database.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, row?.id ?? 0));
    expect(history.map((entry) => [entry.fromStatus, entry.toStatus, entry.actor])).toEqual([
      [null, orderStatus.pending, 'member'],
      [orderStatus.pending, orderStatus.rejected, 'system'],
    ]);
    const finished = orderList.output.parse(
      expectOk(await testApp.call(orderList.path, { ...member.auth, isSettled: true })),
    );
    expect(finished.records.map((record) => record.orderNo)).toContain(order.orderNo);
    await expectLedgerBalanced(testApp);
  });

  it('rejects with mr 1 when the price drops and the member takes only better', async () => {
    const event = book.liveAt(2);
    const pick = book.pick(event);
    const since = socket.mark();
    const order = expectOk(await placeBet(testApp, member, single(pick, 1_000, { acceptOdds: 1 })));
    book.reprice(pick, pick.odds - 0.2);
    const rejected = await socket.next<BetStatusEvent>(
      'H',
      (h) => h.orderNo === order.orderNo && h.bs === 2,
      { since },
    );
    expect(rejected.mr).toBe(1);
  });

  it('decides an order once when its timer, sweeps and a second process race for it', async () => {
    const other = await createOrdersTestApp({ betDelayMs, database: testApp.database });
    try {
      const pick = book.pick(book.liveAt(3));
      const since = socket.mark();
      const order = expectOk(await placeBet(testApp, member, single(pick, 1_000)));
      const row = await statusOf(order.orderNo);
      // Due at once for every sweep, while the order's own timer is still running.
      await testApp.database.db
        .update(orders)
        .set({ acceptAfter: new Date(0) })
        .where(eq(orders.id, row?.id ?? 0));
      await Promise.all([
        ...Array.from({ length: 4 }, () => testApp.modules.orders.acceptance.sweep()),
        ...Array.from({ length: 4 }, () => other.testApp.modules.orders.acceptance.sweep()),
        new Promise((resolve) => setTimeout(resolve, betDelayMs + 100)),
      ]);
      const history = await testApp.database.db
        .select()
        .from(orderStatusHistory)
        .where(eq(orderStatusHistory.orderId, row?.id ?? 0));
      expect(history.map((entry) => entry.toStatus)).toEqual([
        orderStatus.pending,
        orderStatus.accepted,
      ]);
      expect((await statusOf(order.orderNo))?.status).toBe(orderStatus.accepted);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const decisions = socket
        .all<BetStatusEvent>('H', since)
        .filter((h) => h.orderNo === order.orderNo && h.bs !== 0);
      // Only this process's socket server hears its own pushes (no Redis between the two here).
      expect(decisions.length).toBeLessThanOrEqual(1);
      await expectLedgerBalanced(testApp);
    } finally {
      await other.testApp.close();
    }
  });
});

describe('crash safety', () => {
  it('another process decides a pending order whose process stopped before its delay ended', async () => {
    // As if this process died right after placing: nothing here decides orders any more.
    await testApp.modules.orders.acceptance.stop();
    const pick = book.pick(book.liveAt(4));
    const order = expectOk(await placeBet(testApp, member, single(pick, 1_000)));
    await new Promise((resolve) => setTimeout(resolve, betDelayMs + 100));
    expect((await statusOf(order.orderNo))?.status).toBe(orderStatus.pending);

    const survivor = await createOrdersTestApp({
      betDelayMs,
      sweepIntervalMs: 100,
      database: testApp.database,
    });
    try {
      // Its clock passes the order's delay; its next sweep finds the order due.
      survivor.feed.skip(1_000);
      const deadline = Date.now() + 5_000;
      while ((await statusOf(order.orderNo))?.status === orderStatus.pending) {
        if (Date.now() > deadline) throw new Error('the pending order was never decided');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect((await statusOf(order.orderNo))?.status).toBe(orderStatus.accepted);
      await expectLedgerBalanced(testApp);
    } finally {
      await survivor.testApp.close();
    }
  });
});
