import { orderStatus } from '@sb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configSchema } from '../../src/config';
import {
  type Book,
  balanceOf,
  cny,
  expectLedgerBalanced,
  expectOk,
  expectRefused,
  fundedMember,
  type Pick,
  parlay,
  placeBet,
  single,
} from '../orders/helpers';
import { createSettlementTestApp, settlementState } from '../settlement/helpers';
import type { TestApp } from '../test-app';
import { cashOut, currentUnits } from './helpers';

/** A cash-out margin other than the default, set through the configuration: 10%. */
const marginUnits = 1_000;
let testApp: TestApp;
let book: Book;
let results: Awaited<ReturnType<typeof createSettlementTestApp>>;
let nextEvent = 0;
const freshPick = (): Pick => book.pick(book.preMatchAt(nextEvent++));

beforeAll(async () => {
  results = await createSettlementTestApp({ cashOutMarginUnits: marginUnits });
  ({ testApp, book } = results);
});
afterAll(() => testApp.close());

/** stake × Π(placed / current) × (1 − margin), rounded down once. */
function offerOf(stake: number, legs: { placed: number; current: number }[]): number {
  let numerator = BigInt(stake) * BigInt(10_000 - marginUnits);
  let denominator = 10_000n;
  for (const leg of legs) {
    numerator *= BigInt(leg.placed);
    denominator *= BigInt(leg.current);
  }
  return Number(numerator / denominator);
}

describe('cash-out margin setting', () => {
  it('is CASH_OUT_MARGIN_UNITS, 500 by default, and refuses values out of range', () => {
    const { shape } = configSchema;
    expect(shape.CASH_OUT_MARGIN_UNITS.parse(undefined)).toBe(500);
    expect(shape.CASH_OUT_MARGIN_UNITS.parse('250')).toBe(250);
    for (const bad of ['-1', '5001', '2.5', 'lots'])
      expect(shape.CASH_OUT_MARGIN_UNITS.safeParse(bad).success, bad).toBe(false);
  });

  it('offers a single its value less the configured margin', async () => {
    const member = await fundedMember(testApp, 100_000);
    const pick = freshPick();
    const order = expectOk(await placeBet(testApp, member, single(pick, 10_000)));
    const placed = order.legs[0]?.odds ?? 0;
    const offer = offerOf(10_000, [{ placed, current: currentUnits(pick) }]);
    // One unit more than the offer is refused; the offer itself is paid.
    expectRefused(
      await cashOut(testApp, member, { orderNo: order.orderNo, amount: offer + 1 }),
      7153,
    );
    const paid = expectOk(
      await cashOut(testApp, member, { orderNo: order.orderNo, amount: offer }),
    );
    expect(paid.amount).toBe(offer);
    await expectLedgerBalanced(testApp);
  });
});

describe('a cancelled leg in the cash-out price', () => {
  it('counts a leg whose market the feed cancelled at odds 1', async () => {
    const member = await fundedMember(testApp, 100_000);
    const [cancelled, open] = [freshPick(), freshPick()] as [Pick, Pick];
    const order = expectOk(await placeBet(testApp, member, parlay([cancelled, open], 10_000)));
    expect(order.status).toBe(orderStatus.accepted);
    // Before the cancel, both legs are priced.
    const openPlaced = order.legs[1]?.odds ?? 0;
    await results.send([results.cancel(cancelled)]);
    // The parlay is not settled: its other leg is still open.
    expect((await settlementState(testApp, order.orderNo)).status).toBe(orderStatus.accepted);

    const offer = offerOf(10_000, [{ placed: openPlaced, current: currentUnits(open) }]);
    expectRefused(
      await cashOut(testApp, member, { orderNo: order.orderNo, amount: offer + 1 }),
      7153,
    );
    const before = (await balanceOf(testApp, member.userId, cny.currencyId)).amount;
    const paid = expectOk(
      await cashOut(testApp, member, { orderNo: order.orderNo, amount: offer }),
    );
    expect(paid.amount).toBe(offer);
    expect((await balanceOf(testApp, member.userId, cny.currencyId)).amount).toBe(before + offer);
    await expectLedgerBalanced(testApp);
  });
});
