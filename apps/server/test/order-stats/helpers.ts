import { orderStatus } from '@sb/contract';
import { eq } from 'drizzle-orm';
import { createLedger } from '../../src/modules/ledger/ledger.service';
import { orders } from '../../src/modules/orders/orders.schema';
import { cny } from '../orders/helpers';
import type { TestApp } from '../test-app';

/**
 * Finishes an order the way settlement will: its status set, and the stake moved out of
 * stakes_held with `payout` going to the member and the rest to the house, in one balanced
 * ledger transaction that names the order, of the kind the wagering record counts for it
 * (ledger/wagering.ts). Written here through the database because the statistics only read what
 * settlement and cash out leave behind.
 */
export async function finishOrder(
  testApp: TestApp,
  order: { orderNo: string; stake: number; userId: number },
  status: number,
  payout: number,
): Promise<void> {
  const currencyId = cny.currencyId;
  const isRejected = status === orderStatus.rejected;
  const houseShare = order.stake - payout;
  await createLedger(testApp.database.db).transfer({
    idempotencyKey: `test-finish:${order.orderNo}`,
    kind: isRejected
      ? 'order_release'
      : status === orderStatus.cashedOut
        ? 'order_cash_out'
        : 'order_settle',
    reference: order.orderNo,
    postings: [
      { account: { systemCode: 'stakes_held', currencyId }, amount: -order.stake },
      ...(payout > 0
        ? [
            {
              account: { userId: order.userId, bucket: 'main' as const, currencyId },
              amount: payout,
            },
          ]
        : []),
      ...(houseShare !== 0
        ? [{ account: { systemCode: 'house' as const, currencyId }, amount: houseShare }]
        : []),
    ],
  });
  await testApp.database.db
    .update(orders)
    .set({ status, updatedAt: new Date() })
    .where(eq(orders.orderNo, order.orderNo));
}

/** Moves an order's placement time, to put it on a chosen display day. */
export async function placeAt(testApp: TestApp, orderNo: string, at: Date): Promise<void> {
  await testApp.database.db
    .update(orders)
    .set({ createdAt: at })
    .where(eq(orders.orderNo, orderNo));
}
