import { dayMs, displayOffsetMs } from '@sb/domain';
import { and, count, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { memberMovementsPage } from '../ledger/ledger.service';
import type { OrderFilter, PageRequest, TimeWindow } from './order-figures';
import { findLegsOf, type LegCatalogue, type OrderWithLegs } from './orders.repository';
import { orderLegs, orders } from './orders.schema';

function inWindow(column: typeof orders.createdAt, window: TimeWindow | undefined): SQL[] {
  const conditions: SQL[] = [];
  if (window?.from) conditions.push(gte(column, window.from));
  if (window?.until) conditions.push(lt(column, window.until));
  return conditions;
}

/**
 * An order with a leg of the sport. Written with an alias and the outer order named in full, so
 * that a bare column of the outer one-table select cannot be read as the subquery's own.
 */
const hasLegOfSport = (sportId: number) => sql`exists (
  select 1 from ${orderLegs} as sport_leg
  where sport_leg.order_id = ${sql.raw('"orders"."id"')} and sport_leg.sport_id = ${sportId}
)`;

function orderConditions(filter: OrderFilter, statuses: readonly number[]): SQL | undefined {
  return and(
    eq(orders.userId, filter.userId),
    filter.currencyId === undefined ? undefined : eq(orders.currencyId, filter.currencyId),
    filter.betType === undefined ? undefined : eq(orders.betType, filter.betType),
    filter.sportId === undefined ? undefined : hasLegOfSport(filter.sportId),
    inArray(orders.status, [...statuses]),
    ...inWindow(orders.createdAt, filter.window),
  );
}

/**
 * Read-only queries of a member's order figures (the statistics calls) over the order tables;
 * what each order did to the balance is the wagering record's, read by order-figures.ts. No
 * rules live here.
 */
/** What the member staked of their own: the stake, or 0 when a free bet paid it. */
const memberStake =
  sql<number>`case when ${orders.freeBetId} is null then ${orders.stakeMinor} else 0 end`.mapWith(
    Number,
  );

export function createOrderFiguresRepository(db: Database, catalogue: LegCatalogue) {
  return {
    /**
     * Every order of the filter in `statuses`: number, status, the member's own stake (0 for a
     * free bet's: it was never their money), whether a free bet staked it, and display day placed.
     */
    countedOrders(filter: OrderFilter, statuses: readonly number[]) {
      return db
        .select({
          orderNo: orders.orderNo,
          status: orders.status,
          stake: memberStake,
          isFreeBet: sql<boolean>`${orders.freeBetId} is not null`.mapWith(Boolean),
          day: sql<number>`floor((extract(epoch from ${orders.createdAt}) * 1000 + ${displayOffsetMs}) / ${dayMs})::int`.mapWith(
            Number,
          ),
        })
        .from(orders)
        .where(orderConditions(filter, statuses));
    },

    /**
     * Open orders: their count, the member's own stakes and what they could pay the member (a
     * free bet's return without its stake).
     */
    async openSums(filter: OrderFilter, openStatuses: readonly number[]) {
      const [row] = await db
        .select({
          openCount: count(),
          openStake: sql`coalesce(sum(${memberStake}), 0)`.mapWith(Number),
          potentialPayout:
            sql`coalesce(sum(${orders.potentialPayoutMinor} - (${orders.stakeMinor} - ${memberStake})), 0)`.mapWith(
              Number,
            ),
        })
        .from(orders)
        .where(orderConditions(filter, openStatuses));
      return row ?? { openCount: 0, openStake: 0, potentialPayout: 0 };
    },

    /** A page of the filter's orders of these statuses, newest first, with their legs. */
    async orderPage(
      filter: OrderFilter,
      statuses: readonly number[],
      page: PageRequest,
    ): Promise<{ rows: OrderWithLegs[]; total: number }> {
      const where = orderConditions(filter, statuses);
      const [counted] = await db.select({ total: count() }).from(orders).where(where);
      const found = await db
        .select({ order: orders })
        .from(orders)
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(page.limit)
        .offset(page.offset);
      const legs = await findLegsOf(
        db,
        found.map((row) => row.order.id),
        catalogue,
      );
      return {
        rows: found.map(({ order }) => ({ order, legs: legs.get(order.id) ?? [] })),
        total: counted?.total ?? 0,
      };
    },

    /**
     * A page of the member's balance movements caused by their own orders: ledger transactions
     * whose reference is one of the member's order numbers, summed over the member's postings.
     */
    async amountLogPage(filter: OrderFilter, page: PageRequest) {
      const memberOrderNos = db
        .select({ orderNo: orders.orderNo })
        .from(orders)
        .where(eq(orders.userId, filter.userId));
      const { rows, total } = await memberMovementsPage(db, {
        userId: filter.userId,
        references: memberOrderNos,
        currencyId: filter.currencyId,
        window: filter.window,
        offset: page.offset,
        limit: page.limit,
      });
      return { rows: rows.map(({ reference, ...row }) => ({ ...row, orderNo: reference })), total };
    },
  };
}

export type OrderFiguresRepository = ReturnType<typeof createOrderFiguresRepository>;
