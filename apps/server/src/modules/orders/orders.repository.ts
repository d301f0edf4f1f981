import { orderStatus } from '@sb/contract';
import type { LegState } from '@sb/domain';
import { and, asc, count, desc, eq, gte, inArray, lte, min, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { transactionWithQueries } from '../../db/transaction';
import { completeLegs, type LegSources } from './leg-reading';
import { legResultOf, legStateOfRecorded } from './leg-states';
import { orderLegs, orderSettlements, orderStatusHistory, orders } from './orders.schema';
import {
  createPlacementStatement,
  type PlacedOrderInput,
  type PlacementRow,
} from './placement.statement';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type OrderLegRow = typeof orderLegs.$inferSelect;
export type NewOrderLeg = Omit<typeof orderLegs.$inferInsert, 'orderId' | 'legIndex'>;
export type StatusActor = 'member' | 'system' | 'operator';

/**
 * A leg as read back: its row, what settlement makes of it (`SelectionResult` of the domain:
 * won, lost, void, half_won, half_lost, dead_heat), null while undecided (leg-reading.ts), and
 * the state that result was read from ('open' while undecided), for the order's payout maths.
 */
export type ReadOrderLeg = OrderLegRow & { result?: string | null; state?: LegState };

/** An order with its legs in slip order. */
export interface OrderWithLegs {
  order: OrderRow;
  legs: ReadOrderLeg[];
}

/** What the reading of legs asks of the catalogue (leg-reading.ts). */
export type LegCatalogue = LegSources['catalogue'];

/** When each of these orders was first accepted, in milliseconds: its first history row so. */
async function firstAcceptedTimes(
  db: Database,
  orderIds: ReadonlySet<number>,
): Promise<Map<number, number>> {
  const byOrder = new Map<number, number>();
  if (orderIds.size === 0) return byOrder;
  const rows = await db
    .select({ orderId: orderStatusHistory.orderId, at: min(orderStatusHistory.at) })
    .from(orderStatusHistory)
    .where(
      and(
        sql`${orderStatusHistory.orderId} = any(${`{${[...orderIds].join(',')}}`}::bigint[])`,
        eq(orderStatusHistory.toStatus, orderStatus.accepted),
      ),
    )
    .groupBy(orderStatusHistory.orderId);
  for (const row of rows) if (row.at) byOrder.set(row.orderId, row.at.getTime());
  return byOrder;
}

/**
 * The legs of these orders in slip order, by order id, each with its result: the order's
 * standing settlement's (a rolled back settlement no longer counts), else, for an order still
 * open, its market's own settlement in the catalogue; and with names from the catalogue for
 * legs placed before the book recorded them (leg-reading.ts). Without `catalogue` the catalogue
 * is left out (the standing settlement's results and the recorded names only): for the book's
 * own work on an order (cash out, deciding a pending bet), which reads neither.
 */
export async function findLegsOf(
  db: Database,
  orderIds: readonly number[],
  catalogue?: LegCatalogue,
): Promise<Map<number, ReadOrderLeg[]>> {
  const byOrder = new Map<number, ReadOrderLeg[]>();
  if (orderIds.length === 0) return byOrder;
  // The leg as the standing settlement recorded it ({legIndex, state, result}), as jsonb text so
  // every driver answers it alike. Qualified by hand: a one-table select names its columns bare,
  // and a bare order_id inside the subquery would read the settlement's own.
  const standing = sql<string | null>`(
    select settled.leg::text
    from ${orderSettlements} s, jsonb_array_elements(s.legs) as settled(leg)
    where s.order_id = order_legs.order_id and s.rolled_back_at is null
      and (settled.leg ->> 'legIndex')::int = order_legs.leg_index)`;
  const read = await db
    .select({ leg: orderLegs, orderStatus: orders.status, standing })
    .from(orderLegs)
    .innerJoin(orders, eq(orders.id, orderLegs.orderId))
    .where(inArray(orderLegs.orderId, [...orderIds]))
    .orderBy(asc(orderLegs.orderId), asc(orderLegs.legIndex));
  const rows = read.map(({ standing: recorded, ...row }) => {
    const settled = recorded === null ? null : (JSON.parse(recorded) as Record<string, unknown>);
    return {
      ...row,
      result: settled === null ? null : String(settled.result),
      state: settled === null ? ('open' as const) : legStateOfRecorded(settled.state),
    };
  });
  const states = catalogue
    ? await completeLegs({ catalogue, acceptedAtOf: (ids) => firstAcceptedTimes(db, ids) }, rows)
    : undefined;
  for (const row of rows) {
    const { leg } = row;
    const list = byOrder.get(leg.orderId) ?? [];
    const state = states?.get(leg.id) ?? row.state;
    list.push({ ...leg, result: legResultOf(state), state });
    byOrder.set(leg.orderId, list);
  }
  return byOrder;
}

/** The placement statement, built once on the database. */
type PlaceOrders = ReturnType<typeof createPlacementStatement>;

/** Queries on orders, their legs and status history; no rules live here. */
function orderQueries(db: Database, placeOrders: PlaceOrders, catalogue: LegCatalogue) {
  async function withLegs(rows: OrderRow[], fromCatalogue = true): Promise<OrderWithLegs[]> {
    const legs = await findLegsOf(
      db,
      rows.map((row) => row.id),
      fromCatalogue ? catalogue : undefined,
    );
    return rows.map((order) => ({ order, legs: legs.get(order.id) ?? [] }));
  }

  return {
    /**
     * Places orders with their legs and first history rows, their stakes held by the ledger, in
     * one statement (placement.statement.ts): what became of each, in the order given.
     */
    placeOrders(inputs: readonly PlacedOrderInput[]): Promise<PlacementRow[]> {
      return placeOrders(db, inputs);
    },

    /**
     * Writes one order with its legs and first history row, in the caller's transaction, for a
     * placement that books its stake itself (a stake spending bonus money, order-writer.ts);
     * undefined when its member's idempotency key or its number is already taken.
     */
    async insertOrder({ values, legs }: PlacedOrderInput): Promise<OrderWithLegs | undefined> {
      const [order] = await db
        .insert(orders)
        .values({ ...values, reason: 0, updatedAt: values.createdAt })
        .onConflictDoNothing()
        .returning();
      if (!order) return undefined;
      const written = await db
        .insert(orderLegs)
        .values(
          legs.map((leg, legIndex) => ({
            ...leg,
            homeName: leg.homeName ?? '',
            awayName: leg.awayName ?? '',
            leagueName: leg.leagueName ?? '',
            outcomeName: leg.outcomeName ?? '',
            orderId: order.id,
            legIndex,
          })),
        )
        .returning();
      await insertStatusHistory(db, {
        orderId: order.id,
        fromStatus: null,
        toStatus: order.status,
        actor: 'member',
        at: order.createdAt,
      });
      return {
        order,
        legs: written
          .sort((left, right) => left.legIndex - right.legIndex)
          .map((leg) => ({ ...leg, result: null })),
      };
    },

    recordStatus: (entry: typeof orderStatusHistory.$inferInsert): Promise<void> =>
      insertStatusHistory(db, entry),

    async findByKey(userId: number, idempotencyKey: string): Promise<OrderWithLegs | undefined> {
      const rows = await db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, idempotencyKey)));
      return (await withLegs(rows))[0];
    },

    /** Orders by id as their owners read them (legs read with the catalogue), in no order. */
    async findManyById(ids: readonly number[]): Promise<OrderWithLegs[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select()
        .from(orders)
        .where(inArray(orders.id, [...ids]));
      return withLegs(rows);
    },

    /**
     * Ids of the orders changed (placed, decided, settled, rolled back, cashed out: every status
     * move sets `updated_at`) at or after `since`, in the order they changed, after the position
     * `after` (the last one a previous page ended on); the index `orders_updated` serves it.
     */
    async changedSince(
      since: Date,
      after: { at: Date; id: number } | undefined,
      limit: number,
    ): Promise<{ id: number; at: Date }[]> {
      return db
        .select({ id: orders.id, at: orders.updatedAt })
        .from(orders)
        .where(
          and(
            gte(orders.updatedAt, since),
            after
              ? sql`(${orders.updatedAt}, ${orders.id}) > (${after.at.toISOString()}::timestamptz, ${after.id})`
              : undefined,
          ),
        )
        .orderBy(asc(orders.updatedAt), asc(orders.id))
        .limit(limit);
    },

    /** Status and total odds of the orders numbered `orderNos` (unknown numbers left out). */
    async termsByOrderNo(
      orderNos: readonly string[],
    ): Promise<{ orderNo: string; status: number; totalOddsUnits: number }[]> {
      if (orderNos.length === 0) return [];
      return db
        .select({
          orderNo: orders.orderNo,
          status: orders.status,
          totalOddsUnits: orders.totalOddsUnits,
        })
        .from(orders)
        .where(inArray(orders.orderNo, [...orderNos]));
    },

    /** The member's order `orderNo` as its owner reads it; undefined for another's order. */
    async findMemberOrder(userId: number, orderNo: string): Promise<OrderWithLegs | undefined> {
      const rows = await db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, userId), eq(orders.orderNo, orderNo)));
      return (await withLegs(rows))[0];
    },

    /** An order for the book's own work on it: its legs without the catalogue's reading. */
    async findById(id: number): Promise<OrderWithLegs | undefined> {
      const rows = await db.select().from(orders).where(eq(orders.id, id));
      return (await withLegs(rows, false))[0];
    },

    /**
     * Moves a pending order to its decision in one statement, so of two processes deciding the
     * same order exactly one finds it pending; null for the other.
     */
    async decidePending(
      id: number,
      values: Pick<NewOrder, 'status' | 'reason' | 'totalOddsUnits' | 'potentialPayoutMinor'> & {
        updatedAt: Date;
      },
    ): Promise<OrderRow | null> {
      const [row] = await db
        .update(orders)
        .set(values)
        .where(and(eq(orders.id, id), eq(orders.status, 0)))
        .returning();
      return row ?? null;
    },

    async updateLegOdds(legId: number, oddsUnits: number): Promise<void> {
      await db.update(orderLegs).set({ oddsUnits }).where(eq(orderLegs.id, legId));
    },

    /** Ids of pending orders whose bet delay has passed, oldest first, at most `limit`. */
    async findDuePending(before: Date, limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.status, 0), lte(orders.acceptAfter, before)))
        .orderBy(asc(orders.acceptAfter))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /** A page of the member's orders, newest first, and how many match in all. */
    async listPage(filter: {
      userId: number;
      statuses?: number[] | undefined;
      offset: number;
      limit: number;
    }) {
      const where = and(
        eq(orders.userId, filter.userId),
        filter.statuses ? inArray(orders.status, filter.statuses) : undefined,
      );
      const rows = await db
        .select()
        .from(orders)
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .offset(filter.offset)
        .limit(filter.limit);
      const [total] = await db.select({ rows: count() }).from(orders).where(where);
      return { rows: await withLegs(rows), total: total?.rows ?? 0 };
    },

    /** How many of the member's orders are in `openStatuses`, and how many are not. */
    async countByOpenness(userId: number, openStatuses: number[]) {
      const [row] = await db
        .select({
          open: sql<number>`count(*) filter (where ${inArray(orders.status, openStatuses)})`.mapWith(
            Number,
          ),
          all: count(),
        })
        .from(orders)
        .where(eq(orders.userId, userId));
      const open = row?.open ?? 0;
      return { open, settled: (row?.all ?? 0) - open };
    },
  };
}

export type OrderQueries = ReturnType<typeof orderQueries>;

/** `catalogue` completes the legs a member reads (leg-reading.ts). */
export function createOrdersRepository(db: Database, catalogue: LegCatalogue) {
  const placeOrders = createPlacementStatement(db);
  return {
    ...orderQueries(db, placeOrders, catalogue),

    /**
     * Runs `work` in one database transaction with the queries bound to it, and hands over the
     * transaction itself for the ledger, so an order and its stake commit together.
     */
    transaction: transactionWithQueries(db, (tx) => orderQueries(tx, placeOrders, catalogue)),
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;

/**
 * Ids of orders in `statuses` with a leg on the event: those a settlement, cancellation or
 * rollback of the event may change.
 */
export async function findOrderIdsByEvent(
  db: Database,
  eventId: number,
  statuses: number[],
): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: orders.id })
    .from(orders)
    .innerJoin(orderLegs, eq(orderLegs.orderId, orders.id))
    .where(and(eq(orderLegs.eventId, eventId), inArray(orders.status, statuses)))
    .orderBy(asc(orders.id));
  return rows.map((row) => row.id);
}

/**
 * Distinct events of the legs of orders in `statuses`; with `changedSince`, only of those whose
 * status changed since then.
 */
export async function findEventIdsOfOrders(
  db: Database,
  statuses: number[],
  changedSince?: Date,
): Promise<number[]> {
  const rows = await db
    .selectDistinct({ eventId: orderLegs.eventId })
    .from(orderLegs)
    .innerJoin(orders, eq(orders.id, orderLegs.orderId))
    .where(
      and(
        inArray(orders.status, statuses),
        changedSince ? gte(orders.updatedAt, changedSince) : undefined,
      ),
    );
  return rows.map((row) => row.eventId);
}

/** Locks the order's row until the transaction ends and answers it as it stands then. */
export async function lockOrder(db: Database, orderId: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row;
}

/** Moves an order from `from` to `to`; null when it was no longer in `from`. */
export async function moveOrderStatus(
  db: Database,
  orderId: number,
  from: number[],
  to: number,
  at: Date,
): Promise<OrderRow | null> {
  const [row] = await db
    .update(orders)
    .set({ status: to, updatedAt: at })
    .where(and(eq(orders.id, orderId), inArray(orders.status, from)))
    .returning();
  return row ?? null;
}

/** Writes one row of an order's status history. */
export async function insertStatusHistory(
  db: Database,
  entry: typeof orderStatusHistory.$inferInsert,
): Promise<void> {
  await db.insert(orderStatusHistory).values(entry);
}

/** When the order was first accepted: its first history row into `acceptedStatus`. */
export async function firstAcceptedAt(
  db: Database,
  orderId: number,
  acceptedStatus: number,
): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: orderStatusHistory.at })
    .from(orderStatusHistory)
    .where(
      and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.toStatus, acceptedStatus)),
    )
    .orderBy(asc(orderStatusHistory.at), asc(orderStatusHistory.id))
    .limit(1);
  return row?.at;
}

/**
 * Queries of cash out: finding a member's order by its number, the one conditional status move
 * that decides a race with settlement, and the lock of a member's cash out key.
 */
export function cashOutQueries(db: Database) {
  return {
    /** The id of the member's order `orderNo`; undefined for a missing or another's order. */
    async findIdByOrderNo(userId: number, orderNo: string): Promise<number | undefined> {
      const [row] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.userId, userId), eq(orders.orderNo, orderNo)));
      return row?.id;
    },

    /**
     * Moves the order from `fromStatus` to `toStatus` in one statement; null when it was no
     * longer in `fromStatus` (another process moved it first).
     */
    async moveStatusIf(
      id: number,
      fromStatus: number,
      values: { status: number; updatedAt: Date },
    ): Promise<OrderRow | null> {
      const [row] = await db
        .update(orders)
        .set(values)
        .where(and(eq(orders.id, id), eq(orders.status, fromStatus)))
        .returning();
      return row ?? null;
    },

    /** Serialises cash outs of one member using one key, until the transaction ends. */
    async lockMemberKey(userId: number, idempotencyKey: string): Promise<void> {
      await db.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`cash-out:${userId}:${idempotencyKey}`}, 0))`,
      );
    },
  };
}

export type CashOutQueries = ReturnType<typeof cashOutQueries>;

/** An integer array column: drivers answer it as an array or as its text `{1,2,3}`. */
function parseIntArray(value: unknown): number[] {
  if (Array.isArray(value)) return value.map(Number);
  const text = String(value ?? '').replace(/[{}]/g, '');
  return text === '' ? [] : text.split(',').map(Number);
}

/** An order row of a raw query, in the schema's field names and types. */
function toOrderRow(row: Record<string, unknown>): OrderRow {
  const date = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));
  return {
    id: Number(row.id),
    orderNo: String(row.order_no),
    userId: Number(row.user_id),
    idempotencyKey: row.idempotency_key === null ? null : String(row.idempotency_key),
    requestDigest: String(row.request_digest),
    currencyId: Number(row.currency_id),
    betType: Number(row.bet_type),
    stakeMinor: Number(row.stake_minor),
    bonusStakeMinor: Number(row.bonus_stake_minor ?? 0),
    freeBetId:
      row.free_bet_id === null || row.free_bet_id === undefined ? null : Number(row.free_bet_id),
    totalOddsUnits: Number(row.total_odds_units),
    potentialPayoutMinor: Number(row.potential_payout_minor),
    acceptOdds: Number(row.accept_odds),
    status: Number(row.status),
    reason: Number(row.reason),
    isRiskFlagged: Boolean(row.is_risk_flagged),
    isLive: Boolean(row.is_live),
    oddsConfig: parseIntArray(row.odds_config),
    acceptAfter: row.accept_after === null ? null : date(row.accept_after),
    createdAt: date(row.created_at),
    updatedAt: date(row.updated_at),
  };
}

/**
 * Moves many accepted orders to their final status (`status` of each) with a history row each,
 * by `actor`, in one statement; answers the orders moved, as they stand after the move. The
 * update locks each row it moves, and a row another transaction moved meanwhile (a cash out,
 * another worker) is checked again once that one commits and left out if no longer accepted.
 */
export async function finishAcceptedOrders(
  executor: Database,
  moves: readonly { id: number; status: number }[],
  actor: StatusActor,
  at: Date,
): Promise<OrderRow[]> {
  const accepted = orderStatus.accepted;
  const atText = at.toISOString();
  const result = (await executor.execute(
    sql`with moved as (
          update orders set status = v.status, updated_at = ${atText}::timestamptz
          from jsonb_to_recordset(${JSON.stringify(moves)}::jsonb) as v(id bigint, status smallint)
          where orders.id = v.id and orders.status = ${accepted}
          returning orders.*),
        history as (
          insert into order_status_history (order_id, from_status, to_status, actor, at)
          select moved.id, ${accepted}, moved.status, ${actor}, ${atText}::timestamptz
          from moved)
        select * from moved`,
  )) as unknown as { rows: Record<string, unknown>[] };
  return result.rows.map(toOrderRow);
}

/**
 * Orders as settlement reads them, in three queries whatever their number: the orders, their
 * legs in slip order, and when each was first accepted (its first history row into
 * `acceptedStatus`).
 */
export async function readOrdersToSettle(
  db: Database,
  orderIds: readonly number[],
  acceptedStatus: number,
): Promise<{ found: OrderWithLegs; acceptedAt: Date }[]> {
  const ids = sql`${`{${orderIds.join(',')}}`}::bigint[]`;
  const [orderRows, legRows, acceptedRows] = await Promise.all([
    db.select().from(orders).where(sql`${orders.id} = any(${ids})`),
    db
      .select()
      .from(orderLegs)
      .where(sql`${orderLegs.orderId} = any(${ids})`)
      .orderBy(asc(orderLegs.orderId), asc(orderLegs.legIndex)),
    db
      .select({ orderId: orderStatusHistory.orderId, at: min(orderStatusHistory.at) })
      .from(orderStatusHistory)
      .where(
        and(
          sql`${orderStatusHistory.orderId} = any(${ids})`,
          eq(orderStatusHistory.toStatus, acceptedStatus),
        ),
      )
      .groupBy(orderStatusHistory.orderId),
  ]);
  const legsByOrder = new Map<number, OrderLegRow[]>();
  for (const leg of legRows) {
    const list = legsByOrder.get(leg.orderId) ?? [];
    list.push(leg);
    legsByOrder.set(leg.orderId, list);
  }
  const acceptedAt = new Map(acceptedRows.map((row) => [row.orderId, row.at]));
  return orderRows.map((order) => ({
    found: { order, legs: legsByOrder.get(order.id) ?? [] },
    acceptedAt: acceptedAt.get(order.id) ?? order.createdAt,
  }));
}

/** The member and currency of each of these orders, by order id. */
export async function ownersOfOrders(
  db: Database,
  orderIds: readonly number[],
): Promise<Map<number, { userId: number; currencyId: number }>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ id: orders.id, userId: orders.userId, currencyId: orders.currencyId })
    .from(orders)
    .where(inArray(orders.id, [...orderIds]));
  return new Map(rows.map(({ id, ...owner }) => [id, owner]));
}
