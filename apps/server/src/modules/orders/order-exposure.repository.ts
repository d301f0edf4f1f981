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

    /** The outcomes of one market that any bet (open or finished) was placed on. */
    async outcomesBetOn(
      tx: Database,
      market: { eventId: number; playId: number; specifiers: string },
    ): Promise<string[]> {
      const rows = await tx
        .selectDistinct({ outcomeId: orderLegs.outcomeId })
        .from(orderLegs)
        .where(
          and(
            eq(orderLegs.eventId, market.eventId),
            eq(orderLegs.playId, market.playId),
            eq(orderLegs.specifiers, market.specifiers),
          ),
        );
      return rows.map((row) => row.outcomeId);
    },

    /**
     * Events with a leg of an open order (singles and parlays): their sport and how many of
     * their markets such legs are on.
     */
    async eventsWithOpenOrders(): Promise<
      { eventId: number; sportId: number; marketCount: number }[]
    > {
      return db
        .select({
          eventId: orderLegs.eventId,
          sportId: sql<number>`min(${orderLegs.sportId})`.mapWith(Number),
          marketCount:
            sql<number>`count(distinct (${orderLegs.playId}, ${orderLegs.specifiers}))`.mapWith(
              Number,
            ),
        })
        .from(orderLegs)
        .innerJoin(orders, eq(orders.id, orderLegs.orderId))
        .where(inArray(orders.status, openStatuses))
        .groupBy(orderLegs.eventId);
    },

    /**
     * The markets of an event with a leg of an open order, each with every outcome any bet on
     * the market named (open or finished: a settlement by hand must give them all a result).
     */
    async marketsBetOn(
      eventId: number,
    ): Promise<{ sportId: number; playId: number; specifiers: string; outcomeIds: string[] }[]> {
      const rows = await db
        .select({
          sportId: sql<number>`min(${orderLegs.sportId})`.mapWith(Number),
          playId: orderLegs.playId,
          specifiers: orderLegs.specifiers,
          outcomeId: orderLegs.outcomeId,
          isOpen: sql<boolean>`bool_or(${inArray(orders.status, openStatuses)})`,
        })
        .from(orderLegs)
        .innerJoin(orders, eq(orders.id, orderLegs.orderId))
        .where(eq(orderLegs.eventId, eventId))
        .groupBy(orderLegs.playId, orderLegs.specifiers, orderLegs.outcomeId)
        .orderBy(orderLegs.playId, orderLegs.specifiers, orderLegs.outcomeId);
      const markets = new Map<
        string,
        {
          sportId: number;
          playId: number;
          specifiers: string;
          outcomeIds: string[];
          isOpen: boolean;
        }
      >();
      for (const row of rows) {
        const key = `${row.playId}|${row.specifiers}`;
        const market = markets.get(key) ?? {
          sportId: row.sportId,
          playId: row.playId,
          specifiers: row.specifiers,
          outcomeIds: [],
          isOpen: false,
        };
        market.outcomeIds.push(row.outcomeId);
        market.isOpen ||= Boolean(row.isOpen);
        markets.set(key, market);
      }
      return [...markets.values()]
        .filter((market) => market.isOpen)
        .map(({ isOpen: _isOpen, ...market }) => market);
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
