import { betType, orderStatus } from '@sb/contract';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { orderLegs, orders } from './orders.schema';

/** Orders that may still pay: waiting for acceptance or accepted and unsettled. */
const openStatuses = [orderStatus.pending, orderStatus.accepted];

export interface OutcomeLiability {
  currencyId: number;
  /** Stakes of the open single bets on the outcome, minor units. */
  stake: number;
  /** What they would pay if the outcome wins, minor units. */
  payout: number;
}

/** What the back office reads of open bets: exposure per outcome and open counts. */
export function createOrderExposure(db: Database) {
  return {
    /** Open single bets of an event by `playId|specifiers|outcomeId`, per currency. */
    async liabilityOf(eventId: number): Promise<Map<string, OutcomeLiability[]>> {
      const rows = await db
        .select({
          playId: orderLegs.playId,
          specifiers: orderLegs.specifiers,
          outcomeId: orderLegs.outcomeId,
          currencyId: orders.currencyId,
          stake: sql<string>`sum(${orders.stakeMinor})`,
          payout: sql<string>`sum(${orders.potentialPayoutMinor})`,
        })
        .from(orderLegs)
        .innerJoin(orders, eq(orders.id, orderLegs.orderId))
        .where(
          and(
            eq(orderLegs.eventId, eventId),
            eq(orders.betType, betType.single),
            inArray(orders.status, openStatuses),
          ),
        )
        .groupBy(orderLegs.playId, orderLegs.specifiers, orderLegs.outcomeId, orders.currencyId);
      const byOutcome = new Map<string, OutcomeLiability[]>();
      for (const row of rows) {
        const key = `${row.playId}|${row.specifiers}|${row.outcomeId}`;
        const list = byOutcome.get(key) ?? [];
        list.push({
          currencyId: row.currencyId,
          stake: Number(row.stake),
          payout: Number(row.payout),
        });
        byOutcome.set(key, list);
      }
      return byOutcome;
    },

    /** Open orders (singles and parlays) with a leg on one market. */
    async openOrdersOn(
      tx: Database,
      market: { eventId: number; playId: number; specifiers: string },
    ): Promise<number> {
      const [row] = await tx
        .select({ orders: count() })
        .from(orderLegs)
        .innerJoin(orders, eq(orders.id, orderLegs.orderId))
        .where(
          and(
            eq(orderLegs.eventId, market.eventId),
            eq(orderLegs.playId, market.playId),
            eq(orderLegs.specifiers, market.specifiers),
            inArray(orders.status, openStatuses),
          ),
        );
      return row?.orders ?? 0;
    },

    /** Every open order in a currency: how many, their stakes and their possible payouts. */
    async openLiability(currencyId: number) {
      const [row] = await db
        .select({
          orders: count(),
          stake: sql<string>`coalesce(sum(${orders.stakeMinor}), 0)`,
          payout: sql<string>`coalesce(sum(${orders.potentialPayoutMinor}), 0)`,
        })
        .from(orders)
        .where(and(eq(orders.currencyId, currencyId), inArray(orders.status, openStatuses)));
      return {
        orders: row?.orders ?? 0,
        stake: Number(row?.stake ?? 0),
        payout: Number(row?.payout ?? 0),
      };
    },

    /** A member's open orders. */
    async openOrdersOf(userId: number): Promise<number> {
      const [row] = await db
        .select({ orders: count() })
        .from(orders)
        .where(and(eq(orders.userId, userId), inArray(orders.status, openStatuses)));
      return row?.orders ?? 0;
    },
  };
}

export type OrderExposure = ReturnType<typeof createOrderExposure>;
