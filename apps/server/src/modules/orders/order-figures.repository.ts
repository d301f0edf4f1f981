import { orderStatus } from '@sb/contract';
import { dayMs, displayOffsetMs } from '@sb/domain';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  lt,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { Database } from '../../db/database';
import { memberMovementsPage, wagerNetSql } from '../ledger/ledger.service';
import { findLegsOf, type LegCatalogue, type OrderWithLegs } from './orders.repository';
import { orderLegs, orders } from './orders.schema';

/** Orders still waiting for a result. */
export const openStatuses: readonly number[] = [orderStatus.pending, orderStatus.accepted];
/** Orders with a final result: won, lost, cashed out or void. Rejected orders were never bets. */
export const settledStatuses: readonly number[] = [
  orderStatus.settled,
  orderStatus.cashedOut,
  orderStatus.void,
];
const countedStatuses = [...openStatuses, ...settledStatuses];

/** Placement times from `from` (inclusive) until `until` (exclusive); either may be open. */
export interface TimeWindow {
  from?: Date | undefined;
  until?: Date | undefined;
}

/** Which of a member's orders: one currency (or all), placed in a window. */
export interface OrderFilter {
  userId: number;
  currencyId?: number | undefined;
  window?: TimeWindow | undefined;
  /** Orders with at least one leg of this sport. */
  sportId?: number | undefined;
  /** Singles (0) or parlays (1). */
  betType?: number | undefined;
}

export interface PageRequest {
  offset: number;
  limit: number;
}

/** Aggregates as the database sums them (text for big sums), before they become numbers. */
export interface FigureRow {
  betCount: number;
  stake: number;
  openCount: number;
  openStake: number;
  settledCount: number;
  settledStake: number;
  net: number;
  winCount: number;
  lossCount: number;
  drawCount: number;
}

/**
 * What the order did to the member's balance, as the wagering record has it: the sum of the
 * member's own postings in every stake and return transaction that names the order (stake held,
 * released, paid out, reversed, cashed out). The ledger is the record of money, so figures read
 * from it stay right whatever path moved the money. For a settled order it is payout − stake.
 */
const memberNetOfOrder = wagerNetSql(sql.raw('"orders"."order_no"'), sql.raw('"orders"."user_id"'));

function inWindow(column: typeof orders.createdAt, window: TimeWindow | undefined): SQL[] {
  const conditions: SQL[] = [];
  if (window?.from) conditions.push(gte(column, window.from));
  if (window?.until) conditions.push(lt(column, window.until));
  return conditions;
}

/**
 * An order with a leg of the sport. Written with an alias and the outer order named in full, for
 * the reason `memberNetOfOrder` gives.
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

const statusIn = (column: SQLWrapper, list: readonly number[]) =>
  sql`${column} in (${sql.raw(list.join(', '))})`;

/**
 * Read-only queries of a member's order figures (the statistics calls): over the order tables,
 * with each order's net from the ledger's wagering record. No rules live here.
 */
export function createOrderFiguresRepository(db: Database, catalogue: LegCatalogue) {
  /** Every counted order of the filter with its status, stake, balance effect and display day. */
  const perOrder = (filter: OrderFilter) =>
    db.$with('per_order').as(
      db
        .select({
          status: sql<number>`${orders.status}`.as('status'),
          stake: sql<number>`${orders.stakeMinor}`.as('stake'),
          net: sql<number>`${memberNetOfOrder}`.as('net'),
          day: sql<number>`floor((extract(epoch from ${orders.createdAt}) * 1000 + ${displayOffsetMs}) / ${dayMs})::int`.as(
            'day',
          ),
        })
        .from(orders)
        .where(orderConditions(filter, countedStatuses)),
    );

  async function figures(filter: OrderFilter, isByDay: boolean) {
    const rows = perOrder(filter);
    const open = statusIn(rows.status, openStatuses);
    const settled = statusIn(rows.status, settledStatuses);
    const total = (expression: SQL) => sql`coalesce(${expression}, 0)`.mapWith(Number);
    const selection = {
      day: sql<number>`${isByDay ? rows.day : sql`0`}`.mapWith(Number),
      betCount: total(sql`count(*)`),
      stake: total(sql`sum(${rows.stake})`),
      openCount: total(sql`count(*) filter (where ${open})`),
      openStake: total(sql`sum(${rows.stake}) filter (where ${open})`),
      settledCount: total(sql`count(*) filter (where ${settled})`),
      settledStake: total(sql`sum(${rows.stake}) filter (where ${settled})`),
      net: total(sql`sum(${rows.net}) filter (where ${settled})`),
      winCount: total(sql`count(*) filter (where ${settled} and ${rows.net} > 0)`),
      lossCount: total(sql`count(*) filter (where ${settled} and ${rows.net} < 0)`),
      drawCount: total(sql`count(*) filter (where ${settled} and ${rows.net} = 0)`),
    };
    const query = db.with(rows).select(selection).from(rows);
    return isByDay ? query.groupBy(rows.day).orderBy(asc(rows.day)) : query;
  }

  return {
    /** The figures of the filter's orders in one row. */
    async totals(filter: OrderFilter): Promise<FigureRow> {
      const [row] = await figures(filter, false);
      if (!row) throw new Error('an aggregate without grouping always answers one row');
      const { day: _ungrouped, ...figureRow } = row;
      return figureRow;
    },

    /** The figures per display day (days since the epoch, in the display zone) that had orders. */
    async totalsByDay(filter: OrderFilter): Promise<(FigureRow & { day: number })[]> {
      return figures(filter, true);
    },

    /** Open orders: their count, stakes and potential payouts. */
    async openSums(filter: OrderFilter) {
      const [row] = await db
        .select({
          openCount: count(),
          openStake: sql`coalesce(sum(${orders.stakeMinor}), 0)`.mapWith(Number),
          potentialPayout: sql`coalesce(sum(${orders.potentialPayoutMinor}), 0)`.mapWith(Number),
        })
        .from(orders)
        .where(orderConditions(filter, openStatuses));
      return row ?? { openCount: 0, openStake: 0, potentialPayout: 0 };
    },

    /** A page of the filter's orders of these statuses, newest first, with each one's net. */
    async orderPage(
      filter: OrderFilter,
      statuses: readonly number[],
      page: PageRequest,
    ): Promise<{ rows: (OrderWithLegs & { net: number })[]; total: number }> {
      const where = orderConditions(filter, statuses);
      const [counted] = await db.select({ total: count() }).from(orders).where(where);
      const found = await db
        .select({ order: orders, net: memberNetOfOrder })
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
        rows: found.map(({ order, net }) => ({ order, legs: legs.get(order.id) ?? [], net })),
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
