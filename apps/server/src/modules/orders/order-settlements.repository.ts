import { and, desc, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { orderSettlements, orders, type SettledLeg } from './orders.schema';

export type StandingSettlement = typeof orderSettlements.$inferSelect;

/** A settlement to record: its order, result, payout and legs. */
export interface SettlementValues {
  orderId: number;
  result: string;
  payoutMinor: number;
  legs: SettledLeg[];
}

const anyId = (ids: readonly number[]): SQL => sql`any(${`{${ids.join(',')}}`}::bigint[])`;

/**
 * The ids of a member's orders in one currency, as a subquery, so that a read of the member's
 * settlements goes by the orders' index.
 */
function memberOrderIdsSql(userId: number, currencyId: number): SQL {
  return sql`select member_order.id from ${orders} as member_order
    where member_order.user_id = ${userId} and member_order.currency_id = ${currencyId}`;
}

/**
 * Queries on orders' settlement records (`order_settlements`); the rules that write them live in
 * the settlement module (settlement.service.ts), which reaches them through orders.service.ts.
 */
export function orderSettlementQueries(db: Database) {
  return {
    /** The standing (not rolled back) settlements of these orders. */
    standingOf(orderIds: readonly number[]): Promise<StandingSettlement[]> {
      return db
        .select()
        .from(orderSettlements)
        .where(
          and(
            sql`${orderSettlements.orderId} = ${anyId(orderIds)}`,
            isNull(orderSettlements.rolledBackAt),
          ),
        );
    },

    /** The last version an order was settled under; 0 for one never settled. */
    async lastVersion(orderId: number): Promise<number> {
      const [last] = await db
        .select({ version: orderSettlements.version })
        .from(orderSettlements)
        .where(eq(orderSettlements.orderId, orderId))
        .orderBy(desc(orderSettlements.version))
        .limit(1);
      return last?.version ?? 0;
    },

    async insert(values: SettlementValues & { version: number; settledAt: Date }) {
      const [settled] = await db.insert(orderSettlements).values(values).returning();
      return settled;
    },

    async markRolledBack(id: number, rolledBackAt: Date, unrecoveredMinor: number) {
      const [rolledBack] = await db
        .update(orderSettlements)
        .set({ rolledBackAt, unrecoveredMinor })
        .where(eq(orderSettlements.id, id))
        .returning();
      return rolledBack;
    },

    /**
     * Records first settlements of many orders in one statement, each under the version after
     * its last rolled back one (1 if none). An order that has a standing settlement already is
     * left out: the caller compares what it asked with what came back.
     */
    async insertFirst(
      values: readonly SettlementValues[],
      at: Date,
    ): Promise<StandingSettlement[]> {
      const rows = (
        (await db.execute(
          sql`insert into order_settlements (order_id, version, result, payout_minor, legs, settled_at)
              select v.order_id,
                     coalesce((select max(s.version) from order_settlements s
                               where s.order_id = v.order_id), 0) + 1,
                     v.result, v.payout_minor, v.legs, ${at.toISOString()}::timestamptz
              from jsonb_to_recordset(${JSON.stringify(
                values.map((value) => ({
                  order_id: value.orderId,
                  result: value.result,
                  payout_minor: value.payoutMinor,
                  legs: value.legs,
                })),
              )}::jsonb)
                as v(order_id bigint, result text, payout_minor bigint, legs jsonb)
              where not exists (select 1 from order_settlements s
                                where s.order_id = v.order_id and s.rolled_back_at is null)
              returning *`,
        )) as unknown as { rows: Record<string, unknown>[] }
      ).rows;
      return rows.map((row) => ({
        id: Number(row.id),
        orderId: Number(row.order_id),
        version: Number(row.version),
        result: String(row.result),
        payoutMinor: Number(row.payout_minor),
        legs: row.legs as SettledLeg[],
        settledAt: at,
        rolledBackAt: null,
        unrecoveredMinor: 0,
      }));
    },

    /** Orders with a rolled back win the member has not paid back in full when it was taken. */
    async ordersWithUnrecovered(): Promise<number[]> {
      const rows = await db
        .selectDistinct({ orderId: orderSettlements.orderId })
        .from(orderSettlements)
        .where(gt(orderSettlements.unrecoveredMinor, 0));
      return rows.map((row) => row.orderId);
    },

    /** The sum of what rollbacks left unrecovered on a member's orders in one currency. */
    async unrecoveredOfMember(userId: number, currencyId: number): Promise<number> {
      const orderIds = memberOrderIdsSql(userId, currencyId);
      const [row] = await db
        .select({ total: sql<string>`coalesce(sum(${orderSettlements.unrecoveredMinor}), 0)` })
        .from(orderSettlements)
        .where(sql`${orderSettlements.orderId} in (${orderIds})`);
      return Number(row?.total ?? 0);
    },
  };
}
