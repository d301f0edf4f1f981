import { type CashOutResult, type OrderRecord, orderCashOut, orderStatus } from '@sb/contract';
import { fromOddsUnits, memberOdds, toOddsUnits } from '@sb/domain';
import { and, eq } from 'drizzle-orm';
import { ledgerTransactions } from '../../src/modules/ledger/ledger.schema';
import { defaultCashOutMarginUnits } from '../../src/modules/orders/cash-out.service';
import { orderStatusHistory, orders } from '../../src/modules/orders/orders.schema';
import type { Answer, Pick, TestMember } from '../orders/helpers';
import type { TestApp } from '../test-app';

/** The cash-out margin the server runs with in these tests (its default). */
export const marginUnits = defaultCashOutMarginUnits;

/** The member's price now, in ten-thousandths, of `pick` as last priced (test members have no margins). */
export function currentUnits(pick: Pick): number {
  const outcome = pick.market.outcomes.find((entry) => entry.id === pick.outcomeId);
  if (!outcome) throw new Error(`no outcome ${pick.outcomeId}`);
  return toOddsUnits(memberOdds(fromOddsUnits(outcome.odds), pick.market.playId, [0, 0, 0]));
}

/**
 * The offer computed by hand, exactly: stake × Π(placed / current) × (1 − margin), rounded down
 * once.
 */
export function expectedOffer(stake: number, legs: { placed: number; current: number }[]): number {
  let numerator = BigInt(stake) * BigInt(10_000 - marginUnits);
  let denominator = 10_000n;
  for (const leg of legs) {
    numerator *= BigInt(leg.placed);
    denominator *= BigInt(leg.current);
  }
  return Number(numerator / denominator);
}

export function cashOut(
  testApp: TestApp,
  member: TestMember,
  fields: { orderNo: string; amount: number; scale?: number },
  idempotencyKey?: string,
): Promise<Answer<CashOutResult>> {
  return testApp.call<CashOutResult>(orderCashOut.path, {
    ...member.auth,
    ...fields,
    ...(idempotencyKey ? { idempotencyKey } : {}),
  });
}

export async function orderRow(testApp: TestApp, orderNo: string) {
  const [row] = await testApp.database.db.select().from(orders).where(eq(orders.orderNo, orderNo));
  if (!row) throw new Error(`no order ${orderNo}`);
  return row;
}

/** The cash-out ledger transactions of an order (at most one may ever exist). */
export async function cashOutTransactions(testApp: TestApp, orderNo: string) {
  return testApp.database.db
    .select()
    .from(ledgerTransactions)
    .where(
      and(eq(ledgerTransactions.kind, 'order_cash_out'), eq(ledgerTransactions.reference, orderNo)),
    );
}

export async function cashOutHistory(testApp: TestApp, order: OrderRecord) {
  const row = await orderRow(testApp, order.orderNo);
  return testApp.database.db
    .select()
    .from(orderStatusHistory)
    .where(
      and(
        eq(orderStatusHistory.orderId, row.id),
        eq(orderStatusHistory.toStatus, orderStatus.cashedOut),
      ),
    );
}
