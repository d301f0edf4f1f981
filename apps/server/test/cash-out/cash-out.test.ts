import {
  appSocketPath,
  type BetStatusEvent,
  betStatus,
  orderCashOutQuote,
  orderStatus,
} from '@sb/contract';
import { toOddsUnits } from '@sb/domain';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashOutQueries } from '../../src/modules/orders/orders.repository';
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
  type Pick,
  parlay,
  placeBet,
  single,
  stakesHeld,
  type TestMember,
} from '../orders/helpers';
import { type RecordingSocket, recordSocket } from '../realtime/helpers';
import type { TestApp } from '../test-app';
import {
  cashOut,
  cashOutHistory,
  cashOutTransactions,
  currentUnits,
  expectedOffer,
  orderRow,
} from './helpers';

let testApp: TestApp;
let book: Book;
beforeAll(async () => {
  ({ testApp, book } = await createOrdersTestApp());
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => testApp.close());

let nextEvent = 0;
/** A fresh pre-match pick per test, so one test's prices never move another's. */
function freshPick(): Pick {
  return book.pick(book.preMatchAt(nextEvent++));
}

async function placeSingle(member: TestMember, pick: Pick, stake: number) {
  return expectOk(await placeBet(testApp, member, single(pick, stake)));
}

function connect(member: TestMember): Promise<RecordingSocket> {
  const address = testApp.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  const socket = recordSocket(
    io(`http://127.0.0.1:${address.port}`, {
      path: appSocketPath,
      transports: ['websocket'],
      query: member.auth,
      reconnection: false,
      forceNew: true,
    }),
  );
  return new Promise((resolve, reject) => {
    socket.socket.once('connect', () => resolve(socket));
    socket.socket.once('connect_error', reject);
  });
}

describe('cash out of an open bet', () => {
  it('pays a winning-looking single its offer: stake out of stakes_held, offer house → member, H bs 4', async () => {
    const member = await fundedMember(testApp, 100_000);
    const pick = freshPick();
    const order = await placeSingle(member, pick, 10_000);
    const placed = order.legs[0]?.odds ?? 0;
    expect(placed).toBe(toOddsUnits(pick.odds));
    // The selection shortened: the bet is now worth more than its stake.
    const shorter = Math.max(1.05, Math.round((pick.odds / 2) * 100) / 100);
    book.reprice(pick, shorter);
    const current = currentUnits(pick);
    expect(current).toBeLessThan(placed);
    const offer = expectedOffer(10_000, [{ placed, current }]);
    expect(offer).toBeGreaterThan(10_000);

    const socket = await connect(member);
    try {
      const since = socket.mark();
      const heldBefore = await stakesHeld(testApp);
      const result = expectOk(
        await cashOut(testApp, member, { orderNo: order.orderNo, amount: offer, scale: 2 }),
      );
      expect(result).toMatchObject({
        orderNo: order.orderNo,
        status: orderStatus.cashedOut,
        amount: offer,
        stake: 10_000,
        scale: 2,
        currencyId: cny.currencyId,
        currencyCode: 'CNY',
      });
      const event = await socket.next<BetStatusEvent>('H', (h) => h.orderNo === order.orderNo, {
        since,
      });
      expect(event).toMatchObject({ oi: pick.optId, bs: betStatus.cashedOut });
      expect(await balanceOf(testApp, member.userId, cny.currencyId)).toEqual({
        amount: 100_000 - 10_000 + offer,
        frozen: 0,
      });
      expect(await stakesHeld(testApp)).toBe(heldBefore - 10_000);
      expect((await orderRow(testApp, order.orderNo)).status).toBe(orderStatus.cashedOut);
      expect(await cashOutHistory(testApp, order)).toHaveLength(1);
      const [transaction] = await cashOutTransactions(testApp, order.orderNo);
      expect(transaction?.idempotencyKey).toBe(`order-cash-out:${order.orderNo}`);
      await expectLedgerBalanced(testApp);
    } finally {
      socket.close();
    }
  });

  it('pays a parlay the product of its legs’ moves, and the house keeps the rest', async () => {
    const member = await fundedMember(testApp, 100_000);
    const picks = [freshPick(), freshPick()];
    const order = expectOk(await placeBet(testApp, member, parlay(picks, 5_000)));
    const [first, second] = picks as [Pick, Pick];
    // One leg drifts, one shortens.
    book.reprice(first, Math.round((first.odds + 0.4) * 100) / 100);
    book.reprice(second, Math.max(1.05, Math.round((second.odds - 0.3) * 100) / 100));
    const legs = order.legs.map((leg, index) => ({
      placed: leg.odds,
      current: currentUnits(picks[index] as Pick),
    }));
    const offer = expectedOffer(5_000, legs);
    const result = expectOk(await cashOut(testApp, member, { orderNo: order.orderNo, amount: 1 }));
    // The member took any offer of at least 1: they get the whole current offer.
    expect(result.amount).toBe(offer);
    expect(await balanceOf(testApp, member.userId, cny.currencyId)).toEqual({
      amount: 100_000 - 5_000 + offer,
      frozen: 0,
    });
    await expectLedgerBalanced(testApp);
  });

  it('is refused while a leg’s market is suspended, and writes nothing', async () => {
    const member = await fundedMember(testApp, 100_000);
    const pick = freshPick();
    const order = await placeSingle(member, pick, 2_000);
    book.suspend(pick.event);
    const before = await countRows(testApp);
    const answer = await cashOut(testApp, member, { orderNo: order.orderNo, amount: 1 });
    expectRefused(answer, 7152);
    expect(answer.msg).toContain('suspended');
    expect(await countRows(testApp)).toEqual(before);
    expect((await orderRow(testApp, order.orderNo)).status).toBe(orderStatus.accepted);
    // Prices again: the offer is back.
    book.reprice(pick, pick.odds);
    expectOk(await cashOut(testApp, member, { orderNo: order.orderNo, amount: 1 }));
  });

  it('is refused with the new offer when it fell below what the member accepted', async () => {
    const member = await fundedMember(testApp, 100_000);
    const pick = freshPick();
    const order = await placeSingle(member, pick, 4_000);
    const placed = order.legs[0]?.odds ?? 0;
    const shown = expectedOffer(4_000, [{ placed, current: placed }]);
    // The selection drifts before the member's click arrives.
    const drifted = Math.round((pick.odds + 0.5) * 100) / 100;
    book.reprice(pick, drifted);
    const now = expectedOffer(4_000, [{ placed, current: currentUnits(pick) }]);
    expect(now).toBeLessThan(shown);
    const before = await countRows(testApp);
    const answer = await cashOut(testApp, member, { orderNo: order.orderNo, amount: shown });
    expectRefused(answer, 7153);
    expect(answer.msg).toContain(`the offer is now ${now} `);
    expect(await countRows(testApp)).toEqual(before);
    expect(await balanceOf(testApp, member.userId, cny.currencyId)).toEqual({
      amount: 96_000,
      frozen: 0,
    });
    const taken = expectOk(await cashOut(testApp, member, { orderNo: order.orderNo, amount: now }));
    expect(taken.amount).toBe(now);
  });

  it('refuses orders that are not the member’s, not open, or of another scale', async () => {
    const member = await fundedMember(testApp, 100_000);
    const other = await fundedMember(testApp, 100_000);
    const pick = freshPick();
    const order = await placeSingle(member, pick, 1_000);
    const theirs = await cashOut(testApp, other, { orderNo: order.orderNo, amount: 1 });
    const missing = await cashOut(testApp, other, { orderNo: 'B000', amount: 1 });
    expectRefused(theirs, 7150);
    expect(theirs.msg).toBe(missing.msg.replace('B000', order.orderNo));
    expectRefused(
      await cashOut(testApp, member, { orderNo: order.orderNo, amount: 1, scale: 3 }),
      1000,
    );
    expectRefused(await cashOut(testApp, member, { orderNo: order.orderNo, amount: 0 }), 1000);
    expectOk(await cashOut(testApp, member, { orderNo: order.orderNo, amount: 1 }));
    expectRefused(await cashOut(testApp, member, { orderNo: order.orderNo, amount: 1 }), 7151);
  });
});

describe('the cash out quote', () => {
  it('answers the offer cash out pays, refuses what cash out refuses, and writes nothing', async () => {
    const member = await fundedMember(testApp, 100_000);
    const other = await fundedMember(testApp, 100_000);
    const pick = freshPick();
    const order = await placeSingle(member, pick, 3_000);
    const placed = order.legs[0]?.odds ?? 0;
    const drifted = Math.round((pick.odds + 0.3) * 100) / 100;
    book.reprice(pick, drifted);
    const expected = expectedOffer(3_000, [{ placed, current: currentUnits(pick) }]);
    const quote = (who: typeof member) =>
      testApp.call<{ offer: number; stake: number; scale: number }>(orderCashOutQuote.path, {
        ...who.auth,
        orderNo: order.orderNo,
      });
    const before = await countRows(testApp);
    const quoted = expectOk(await quote(member));
    expect(quoted).toMatchObject({ offer: expected, stake: 3_000, scale: 2 });
    expect(await countRows(testApp)).toEqual(before);
    expectRefused(await quote(other), 7150);
    book.suspend(pick.event);
    expectRefused(await quote(member), 7152);
    book.reprice(pick, drifted);
    const taken = expectOk(
      await cashOut(testApp, member, { orderNo: order.orderNo, amount: quoted.offer }),
    );
    expect(taken.amount).toBe(quoted.offer);
    expectRefused(await quote(member), 7151);
  });
});

describe('cash out is idempotent and pays once', () => {
  it('answers the same result for the same key, and 1005 for the key with another amount', async () => {
    const member = await fundedMember(testApp, 100_000);
    const order = await placeSingle(member, freshPick(), 3_000);
    const first = expectOk(
      await cashOut(testApp, member, { orderNo: order.orderNo, amount: 1 }, 'cash-key-1'),
    );
    const before = await countRows(testApp);
    const again = expectOk(
      await cashOut(testApp, member, { orderNo: order.orderNo, amount: 1 }, 'cash-key-1'),
    );
    expect(again).toEqual(first);
    expectRefused(
      await cashOut(testApp, member, { orderNo: order.orderNo, amount: 2 }, 'cash-key-1'),
      1005,
    );
    // The key with another order of the member is another request too.
    const second = await placeSingle(member, freshPick(), 3_000);
    expectRefused(
      await cashOut(testApp, member, { orderNo: second.orderNo, amount: 1 }, 'cash-key-1'),
      1005,
    );
    expect(await countRows(testApp)).toMatchObject({ history: before.history + 1 });
    expect(await cashOutTransactions(testApp, order.orderNo)).toHaveLength(1);
    expect(await balanceOf(testApp, member.userId, cny.currencyId)).toEqual({
      amount: 100_000 - 3_000 + first.amount - 3_000,
      frozen: 0,
    });
  });

  it('pays once when many cash outs race with one key: every answer is the same', async () => {
    const member = await fundedMember(testApp, 100_000);
    const order = await placeSingle(member, freshPick(), 6_000);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        cashOut(testApp, member, { orderNo: order.orderNo, amount: 1 }, 'race-key'),
      ),
    );
    const results = answers.map((answer) => expectOk(answer));
    for (const result of results) expect(result).toEqual(results[0]);
    expect(await cashOutTransactions(testApp, order.orderNo)).toHaveLength(1);
    expect(await cashOutHistory(testApp, order)).toHaveLength(1);
    expect(await balanceOf(testApp, member.userId, cny.currencyId)).toEqual({
      amount: 100_000 - 6_000 + (results[0]?.amount ?? 0),
      frozen: 0,
    });
    await expectLedgerBalanced(testApp);
  });

  it('pays once when many cash outs race with different keys: the others are refused', async () => {
    const member = await fundedMember(testApp, 100_000);
    const order = await placeSingle(member, freshPick(), 6_000);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        cashOut(testApp, member, { orderNo: order.orderNo, amount: 1 }, `race-${index}`),
      ),
    );
    const paid = answers.filter((answer) => answer.code === 0);
    expect(paid).toHaveLength(1);
    for (const answer of answers) if (answer.code !== 0) expectRefused(answer, 7151);
    expect(await cashOutTransactions(testApp, order.orderNo)).toHaveLength(1);
    expect(await balanceOf(testApp, member.userId, cny.currencyId)).toEqual({
      amount: 100_000 - 6_000 + (paid[0]?.data?.amount ?? 0),
      frozen: 0,
    });
    await expectLedgerBalanced(testApp);
  });

  it('loses cleanly to a settlement that moved the order first', async () => {
    const member = await fundedMember(testApp, 100_000);
    const order = await placeSingle(member, freshPick(), 2_000);
    const queries = cashOutQueries(testApp.database.db);
    const row = await orderRow(testApp, order.orderNo);
    const settled = await queries.moveStatusIf(row.id, orderStatus.accepted, {
      status: orderStatus.settled,
      updatedAt: new Date(),
    });
    expect(settled?.status).toBe(orderStatus.settled);
    const before = await countRows(testApp);
    expectRefused(await cashOut(testApp, member, { orderNo: order.orderNo, amount: 1 }), 7151);
    expect(await countRows(testApp)).toEqual(before);
    expect(await balanceOf(testApp, member.userId, cny.currencyId)).toEqual({
      amount: 98_000,
      frozen: 0,
    });
  });

  it('of cash outs racing a settlement-like conditional update, at most one moves the order', async () => {
    const queries = cashOutQueries(testApp.database.db);
    for (let round = 0; round < 4; round += 1) {
      const member = await fundedMember(testApp, 100_000);
      const order = await placeSingle(member, freshPick(), 5_000);
      const row = await orderRow(testApp, order.orderNo);
      const settle = queries.moveStatusIf(row.id, orderStatus.accepted, {
        status: orderStatus.settled,
        updatedAt: new Date(),
      });
      const cashOuts = Array.from({ length: 4 }, (_, index) =>
        cashOut(testApp, member, { orderNo: order.orderNo, amount: 1 }, `settle-race-${index}`),
      );
      // Which goes first varies by round.
      const [settledRow, ...answers] =
        round % 2 === 0
          ? await Promise.all([settle, ...cashOuts])
          : await Promise.all([...cashOuts, settle]).then((all) => [
              all[all.length - 1] as Awaited<typeof settle>,
              ...(all.slice(0, -1) as Awaited<(typeof cashOuts)[number]>[]),
            ]);
      const paid = (answers as Awaited<(typeof cashOuts)[number]>[]).filter(
        (answer) => answer.code === 0,
      );
      const transactions = await cashOutTransactions(testApp, order.orderNo);
      const final = await orderRow(testApp, order.orderNo);
      if (settledRow) {
        expect(paid).toHaveLength(0);
        expect(transactions).toHaveLength(0);
        expect(final.status).toBe(orderStatus.settled);
        expect(await balanceOf(testApp, member.userId, cny.currencyId)).toEqual({
          amount: 95_000,
          frozen: 0,
        });
      } else {
        expect(paid).toHaveLength(1);
        expect(transactions).toHaveLength(1);
        expect(final.status).toBe(orderStatus.cashedOut);
      }
    }
    await expectLedgerBalanced(testApp);
  });
});
