import {
  type OrderRecord,
  orderList,
  orderStatus,
  settlementRecord,
  unsettledOrders,
} from '@sb/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cashOut, currentUnits, expectedOffer } from '../cash-out/helpers';
import {
  type Book,
  createSettlementTestApp,
  expectLedgerBalanced,
  expectOk,
  fundedMember,
  type Pick,
  parlay,
  placeBet,
  settlementState,
  single,
  type TestMember,
} from '../settlement/helpers';
import type { TestApp } from '../test-app';

/**
 * What an order can still return (`maxPayout`) follows its legs as they settle, with the maths
 * settlement pays with: each settled leg counts by its return, each open leg by its price, and
 * the product of the stake is rounded down once. Worked out here by hand in exact integers.
 */

let testApp: TestApp;
let book: Book;
let results: Awaited<ReturnType<typeof createSettlementTestApp>>;
let member: TestMember;
let nextEvent = 0;
const freshPick = (): Pick => book.pick(book.preMatchAt(nextEvent++), 3, 0);

beforeAll(async () => {
  results = await createSettlementTestApp();
  ({ testApp, book } = results);
  member = await fundedMember(testApp, 1_000_000);
});
afterEach(() => expectLedgerBalanced(testApp));
afterAll(() => testApp.close());

async function listed(orderNo: string, isSettled: boolean): Promise<OrderRecord> {
  const page = orderList.output.parse(
    expectOk(await testApp.call(orderList.path, { ...member.auth, isSettled, size: 100 })),
  );
  const order = page.records.find((record) => record.orderNo === orderNo);
  if (!order) throw new Error(`order ${orderNo} is not among the listed`);
  return order;
}

/** stake × Π(numerator / denominator), rounded down once: a return worked out by hand. */
function byHand(stake: number, factors: [bigint, bigint][]): number {
  let numerator = BigInt(stake);
  let denominator = 1n;
  for (const [top, bottom] of factors) {
    numerator *= top;
    denominator *= bottom;
  }
  return Number(numerator / denominator);
}

const price = (units: number): [bigint, bigint] => [BigInt(units), 10_000n];

describe('what an order can still return', () => {
  it('is the stake at the struck prices while every leg is open', async () => {
    const pick = freshPick();
    const order = expectOk(await placeBet(testApp, member, single(pick, 1_234)));
    const odds = order.legs[0]?.odds ?? 0;
    expect(order.maxPayout).toBe(byHand(1_234, [price(odds)]));
    expect((await listed(order.orderNo, false)).maxPayout).toBe(order.maxPayout);
  });

  it('follows each leg of an open parlay as it settles, and is what the parlay paid', async () => {
    const picks = [freshPick(), freshPick(), freshPick(), freshPick()];
    const stake = 1_000;
    const order = expectOk(await placeBet(testApp, member, parlay(picks, stake)));
    const [halfLost, deadHeat, voided, won] = order.legs.map((leg) => leg.odds);
    if (!halfLost || !deadHeat || !voided || !won) throw new Error('four legs expected');
    const [pickHalfLost, pickDeadHeat, pickVoided, pickWon] = picks as [Pick, Pick, Pick, Pick];
    const maxPayoutNow = async () => (await listed(order.orderNo, false)).maxPayout;
    expect(order.maxPayout).toBe(
      byHand(stake, [price(halfLost), price(deadHeat), price(voided), price(won)]),
    );

    // Half lost: half the stake is lost, the other half returned, so the leg counts 1/2.
    await results.send([results.settlement(pickHalfLost, { result: 0, voidFactor: 0.5 })]);
    const afterHalfLost = byHand(stake, [[1n, 2n], price(deadHeat), price(voided), price(won)]);
    expect(await maxPayoutNow()).toBe(afterHalfLost);
    expect(afterHalfLost).toBeLessThan(order.maxPayout ?? 0);
    // The records' open bets say the same.
    const unsettled = unsettledOrders.output.parse(
      expectOk(await testApp.call(unsettledOrders.path, { ...member.auth, size: 100 })),
    );
    expect(unsettled.records.find((record) => record.orderNo === order.orderNo)?.maxPayout).toBe(
      afterHalfLost,
    );

    // A dead heat of two: the win at its price, shared in half.
    await results.send([
      results.settlement(pickDeadHeat, { result: 1, voidFactor: 0, deadHeatFactor: 0.5 }),
    ]);
    const deadHeatShare: [bigint, bigint] = [BigInt(deadHeat), 20_000n];
    expect(await maxPayoutNow()).toBe(
      byHand(stake, [[1n, 2n], deadHeatShare, price(voided), price(won)]),
    );

    // A void leg counts 1.
    await results.send([results.cancel(pickVoided)]);
    expect(await maxPayoutNow()).toBe(byHand(stake, [[1n, 2n], deadHeatShare, price(won)]));

    // The last leg wins: the parlay settles and pays exactly what it said it could.
    await results.send([results.settlement(pickWon, { result: 1, voidFactor: 0 })]);
    const settled = await listed(order.orderNo, true);
    expect(settled.status).toBe(orderStatus.settled);
    const expected = byHand(stake, [[1n, 2n], deadHeatShare, price(won)]);
    expect(settled.maxPayout).toBe(expected);
    const { settlements } = await settlementState(testApp, order.orderNo);
    expect(settlements.at(-1)?.payoutMinor).toBe(expected);
    const records = settlementRecord.output.parse(
      expectOk(await testApp.call(settlementRecord.path, { ...member.auth, size: 100 })),
    );
    const record = records.records.find((entry) => entry.orderNo === order.orderNo);
    expect(record?.payout).toBe(expected);
    expect(record?.maxPayout).toBe(expected);
  });

  it('counts a half win as half the stake at the price and half returned', async () => {
    const picks = [freshPick(), freshPick()];
    const order = expectOk(await placeBet(testApp, member, parlay(picks, 2_000)));
    const [halfWon, open] = order.legs.map((leg) => leg.odds);
    if (!halfWon || !open) throw new Error('two legs expected');
    await results.send([results.settlement(picks[0] as Pick, { result: 1, voidFactor: 0.5 })]);
    expect((await listed(order.orderNo, false)).maxPayout).toBe(
      byHand(2_000, [[BigInt(halfWon + 10_000), 20_000n], price(open)]),
    );
  });

  it('is 0 once a leg is lost, however the other legs go', async () => {
    const picks = [freshPick(), freshPick()];
    const order = expectOk(await placeBet(testApp, member, parlay(picks, 1_000)));
    await results.send([results.settlement(picks[1] as Pick, { result: 0, voidFactor: 0 })]);
    expect((await listed(order.orderNo, true)).maxPayout).toBe(0);
    await results.send([results.settlement(picks[0] as Pick, { result: 1, voidFactor: 0 })]);
    expect((await listed(order.orderNo, true)).maxPayout).toBe(0);
  });

  it('is the stake for a void single, and nothing once cashed out', async () => {
    const voidPick = freshPick();
    const voided = expectOk(await placeBet(testApp, member, single(voidPick, 1_500)));
    await results.send([results.cancel(voidPick)]);
    const listedVoid = await listed(voided.orderNo, true);
    expect(listedVoid.status).toBe(orderStatus.void);
    expect(listedVoid.maxPayout).toBe(1_500);

    const cashPick = freshPick();
    const placed = expectOk(await placeBet(testApp, member, single(cashPick, 1_000)));
    const struck = placed.legs[0]?.odds ?? 0;
    const offer = expectedOffer(1_000, [{ placed: struck, current: currentUnits(cashPick) }]);
    expectOk(await cashOut(testApp, member, { orderNo: placed.orderNo, amount: offer }));
    const cashedOut = await listed(placed.orderNo, true);
    expect(cashedOut.status).toBe(orderStatus.cashedOut);
    expect(cashedOut.maxPayout).toBeNull();
  });
});
