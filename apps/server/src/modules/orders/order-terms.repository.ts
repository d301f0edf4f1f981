import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { orderLegs, orderSettlements, orders } from './orders.schema';

/** One order as a promotion judges it: its terms, its legs' sports and plays, its settlement. */
export interface OrderTermsRow {
  id: number;
  orderNo: string;
  userId: number;
  currencyId: number;
  betType: number;
  status: number;
  stakeMinor: number;
  totalOddsUnits: number;
  potentialPayoutMinor: number;
  createdAt: Date;
  legs: { eventId: number; sportId: number; playId: number; optionId: string; oddsUnits: number }[];
  /** The standing (not rolled back) settlement, if any. */
  settlement: { result: string; payoutMinor: number } | null;
}

/** Reads of orders for the promotions: by number, and a member's order by its key. */
export function orderTermsQueries(db: Database) {
  return {
    async byOrderNo(orderNos: readonly string[]): Promise<OrderTermsRow[]> {
      if (orderNos.length === 0) return [];
      const rows = await db
        .select({
          id: orders.id,
          orderNo: orders.orderNo,
          userId: orders.userId,
          currencyId: orders.currencyId,
          betType: orders.betType,
          status: orders.status,
          stakeMinor: orders.stakeMinor,
          totalOddsUnits: orders.totalOddsUnits,
          potentialPayoutMinor: orders.potentialPayoutMinor,
          createdAt: orders.createdAt,
        })
        .from(orders)
        .where(inArray(orders.orderNo, [...orderNos]));
      if (rows.length === 0) return [];
      const ids = rows.map((row) => row.id);
      const legs = await db
        .select({
          orderId: orderLegs.orderId,
          eventId: orderLegs.eventId,
          sportId: orderLegs.sportId,
          playId: orderLegs.playId,
          optionId: orderLegs.optionId,
          oddsUnits: orderLegs.oddsUnits,
        })
        .from(orderLegs)
        .where(inArray(orderLegs.orderId, ids))
        .orderBy(orderLegs.orderId, orderLegs.legIndex);
      const settlements = await db
        .select({
          orderId: orderSettlements.orderId,
          result: orderSettlements.result,
          payoutMinor: orderSettlements.payoutMinor,
        })
        .from(orderSettlements)
        .where(and(inArray(orderSettlements.orderId, ids), isNull(orderSettlements.rolledBackAt)));
      const legsOf = new Map<number, OrderTermsRow['legs']>();
      for (const { orderId, ...leg } of legs)
        legsOf.set(orderId, [...(legsOf.get(orderId) ?? []), leg]);
      const settled = new Map(settlements.map(({ orderId, ...rest }) => [orderId, rest]));
      return rows.map((row) => ({
        ...row,
        legs: legsOf.get(row.id) ?? [],
        settlement: settled.get(row.id) ?? null,
      }));
    },

    async orderNoByKey(userId: number, key: string): Promise<string | undefined> {
      const [row] = await db
        .select({ orderNo: orders.orderNo })
        .from(orders)
        .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
      return row?.orderNo;
    },
  };
}
