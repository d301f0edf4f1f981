import { sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database';
import { reusableStatement } from '../../db/statement';
import type { NewOrderLeg, OrderRow, OrderWithLegs } from './orders.repository';

const param = (name: keyof OrderInsertValues) => sql.placeholder(name);
const steps = new QueryBuilder();

/*
 * One statement writes a new order, its legs and its first status history row: one round trip
 * where three inserts took three, and a text that never changes, so PostgreSQL parses and plans
 * it once per connection. The legs arrive as one JSON parameter, whatever their number. An
 * idempotency key the member already used inserts nothing at all (the legs and the history row
 * are read from the order the statement inserted), and the statement answers a null id.
 */
const newOrder = steps.$with('new_order', { id: sql<number>`id`.as('id') }).as(sql`
  insert into orders (order_no, user_id, idempotency_key, request_digest, currency_id, bet_type,
                      stake_minor, total_odds_units, potential_payout_minor, accept_odds, status,
                      is_risk_flagged, is_live, odds_config, accept_after, created_at, updated_at)
  values (${param('orderNo')}, ${param('userId')}, ${param('idempotencyKey')},
          ${param('requestDigest')}, ${param('currencyId')}, ${param('betType')},
          ${param('stakeMinor')}, ${param('totalOddsUnits')}, ${param('potentialPayoutMinor')},
          ${param('acceptOdds')}, ${param('status')}, ${param('isRiskFlagged')},
          ${param('isLive')}, ${param('oddsConfig')}::int[], ${param('acceptAfter')}::timestamptz,
          ${param('createdAt')}::timestamptz, ${param('createdAt')}::timestamptz)
  on conflict (user_id, idempotency_key) do nothing
  returning id, status, created_at`);

const newLegs = steps.$with('new_legs', { id: sql<number>`id`.as('id') }).as(sql`
  insert into order_legs (order_id, leg_index, event_id, sport_id, league_id, play_id, specifiers,
                          outcome_id, option_id, requested_odds_units, odds_units, market_status)
  select o.id, l.leg_index, l.event_id, l.sport_id, l.league_id, l.play_id, l.specifiers,
         l.outcome_id, l.option_id, l.requested_odds_units, l.odds_units, l.market_status
  from new_order o
    cross join jsonb_to_recordset(${param('legs')}::jsonb)
      as l(leg_index smallint, event_id bigint, sport_id int, league_id int, play_id int,
           specifiers text, outcome_id text, option_id text, requested_odds_units int,
           odds_units int, market_status text)
  order by l.leg_index
  returning id, leg_index`);

// Data-modifying steps run to completion whether or not the outcome reads them.
const newHistory = steps.$with('new_history', { id: sql<number>`id`.as('id') }).as(sql`
  insert into order_status_history (order_id, from_status, to_status, actor, at)
  select id, null, status, 'member', created_at from new_order
  returning id`);

const outcome = steps
  .$with('outcome', {
    orderId: sql<string | null>`order_id`.as('order_id'),
    legIds: sql<string[] | string | null>`leg_ids`.as('leg_ids'),
  })
  .as(sql`
  select (select id from new_order)::text as order_id,
         (select array_agg(id order by leg_index) from new_legs)::text[] as leg_ids`);

/** The statement's parameters: the order's values, its legs as JSON. */
interface OrderInsertValues {
  orderNo: string;
  userId: number;
  idempotencyKey: string | null;
  requestDigest: string;
  currencyId: number;
  betType: number;
  stakeMinor: number;
  totalOddsUnits: number;
  potentialPayoutMinor: number;
  acceptOdds: number;
  status: number;
  isRiskFlagged: boolean;
  isLive: boolean;
  oddsConfig: string;
  acceptAfter: string | null;
  createdAt: string;
  legs: string;
}

/**
 * A new order as placement builds it: every column but the generated id, the reason (none yet)
 * and the time of the last change (its creation).
 */
export type PlacedOrderValues = Omit<OrderRow, 'id' | 'reason' | 'updatedAt'>;

/** node-postgres answers an int8[] as its text form; PGlite may already have parsed it. */
function idsOf(value: string[] | string | null): number[] {
  if (value === null) return [];
  const items = Array.isArray(value) ? value : value.replace(/[{}]/g, '').split(',');
  return items.filter((item) => item !== '').map(Number);
}

/**
 * Inserts an order with its legs and first history row (actor member, at the order's creation)
 * in one statement on `executor`, the placing transaction; null when the member's idempotency key
 * is already used. The rows answered are the values written, with their generated ids.
 */
export function createOrderInsert(db: Database) {
  const statement = reusableStatement(
    db
      .with(newOrder, newLegs, newHistory, outcome)
      .select({ orderId: outcome.orderId, legIds: outcome.legIds })
      .from(outcome)
      .prepare('orders_insert_placed'),
  );
  return async function insertOrder(
    executor: Database,
    values: PlacedOrderValues,
    legs: NewOrderLeg[],
  ): Promise<OrderWithLegs | null> {
    const [row] = await statement(executor).execute({
      ...values,
      oddsConfig: `{${values.oddsConfig.join(',')}}`,
      acceptAfter: values.acceptAfter?.toISOString() ?? null,
      createdAt: values.createdAt.toISOString(),
      legs: JSON.stringify(legsJson(legs)),
    } satisfies OrderInsertValues);
    if (!row || row.orderId === null) return null;
    return writtenOrder(values, legs, Number(row.orderId), idsOf(row.legIds));
  };
}

/*
 * Many orders at once, for a batch of placements sharing one transaction: the same three
 * inserts, every order's values and legs in one JSON parameter. An order whose idempotency key
 * its member already used is left out (with its legs and history) and answers no row.
 */
const batchOrders = steps.$with('batch_orders', { ord: sql<number>`ord`.as('ord') }).as(sql`
  select * from jsonb_to_recordset(${sql.placeholder('orders')}::jsonb)
    as o(ord int, order_no text, user_id bigint, idempotency_key text, request_digest text,
         currency_id int, bet_type smallint, stake_minor bigint, total_odds_units bigint,
         potential_payout_minor bigint, accept_odds smallint, status smallint,
         is_risk_flagged boolean, is_live boolean, odds_config int[], accept_after timestamptz,
         created_at timestamptz, legs jsonb)`);

const newOrders = steps.$with('new_orders', { id: sql<number>`id`.as('id') }).as(sql`
  insert into orders (order_no, user_id, idempotency_key, request_digest, currency_id, bet_type,
                      stake_minor, total_odds_units, potential_payout_minor, accept_odds, status,
                      is_risk_flagged, is_live, odds_config, accept_after, created_at, updated_at)
  select order_no, user_id, idempotency_key, request_digest, currency_id, bet_type, stake_minor,
         total_odds_units, potential_payout_minor, accept_odds, status, is_risk_flagged, is_live,
         odds_config, accept_after, created_at, created_at
  from batch_orders order by ord
  on conflict (user_id, idempotency_key) do nothing
  returning id, order_no, status, created_at`);

const newBatchLegs = steps.$with('new_batch_legs', { id: sql<number>`id`.as('id') }).as(sql`
  insert into order_legs (order_id, leg_index, event_id, sport_id, league_id, play_id, specifiers,
                          outcome_id, option_id, requested_odds_units, odds_units, market_status)
  select n.id, l.leg_index, l.event_id, l.sport_id, l.league_id, l.play_id, l.specifiers,
         l.outcome_id, l.option_id, l.requested_odds_units, l.odds_units, l.market_status
  from new_orders n
    join batch_orders b on b.order_no = n.order_no
    cross join jsonb_to_recordset(b.legs)
      as l(leg_index smallint, event_id bigint, sport_id int, league_id int, play_id int,
           specifiers text, outcome_id text, option_id text, requested_odds_units int,
           odds_units int, market_status text)
  order by b.ord, l.leg_index
  returning id, order_id, leg_index`);

const newBatchHistory = steps.$with('new_batch_history', { id: sql<number>`id`.as('id') }).as(sql`
  insert into order_status_history (order_id, from_status, to_status, actor, at)
  select id, null, status, 'member', created_at from new_orders
  returning id`);

const batchOutcome = steps
  .$with('batch_outcome', {
    orderNo: sql<string>`order_no`.as('order_no'),
    orderId: sql<string>`order_id`.as('order_id'),
    legIds: sql<string[] | string | null>`leg_ids`.as('leg_ids'),
  })
  .as(sql`
  select n.order_no, n.id::text as order_id,
         (select array_agg(l.id order by l.leg_index) from new_batch_legs l
          where l.order_id = n.id)::text[] as leg_ids
  from new_orders n`);

/** The legs of one order as the statements take them. */
function legsJson(legs: readonly NewOrderLeg[]) {
  return legs.map((leg, legIndex) => ({
    leg_index: legIndex,
    event_id: leg.eventId,
    sport_id: leg.sportId,
    league_id: leg.leagueId,
    play_id: leg.playId,
    specifiers: leg.specifiers,
    outcome_id: leg.outcomeId,
    option_id: leg.optionId,
    requested_odds_units: leg.requestedOddsUnits,
    odds_units: leg.oddsUnits,
    market_status: leg.marketStatus,
  }));
}

/** The rows written for an order: the values given, with the ids the database generated. */
function writtenOrder(
  values: PlacedOrderValues,
  legs: readonly NewOrderLeg[],
  orderId: number,
  legIds: readonly number[],
): OrderWithLegs {
  if (legIds.length !== legs.length)
    throw new Error(`order ${orderId} was written with ${legIds.length} of ${legs.length} legs`);
  return {
    order: { ...values, id: orderId, reason: 0, updatedAt: values.createdAt },
    legs: legs.map((leg, legIndex) => ({
      ...leg,
      id: legIds[legIndex] as number,
      orderId,
      legIndex,
    })),
  };
}

/** An order ready to be written: its values and its legs in slip order. */
export interface PlacedOrderInput {
  values: PlacedOrderValues;
  legs: NewOrderLeg[];
}

/**
 * Inserts many orders, each with its legs and first history row, in one statement on `executor`
 * (the batch's transaction); in the order given, each the written order or null when its member
 * already used its idempotency key.
 */
export function createOrderInsertMany(db: Database) {
  const statement = reusableStatement(
    db
      .with(batchOrders, newOrders, newBatchLegs, newBatchHistory, batchOutcome)
      .select()
      .from(batchOutcome)
      .prepare('orders_insert_placed_many'),
  );
  return async function insertOrders(
    executor: Database,
    inputs: readonly PlacedOrderInput[],
  ): Promise<(OrderWithLegs | null)[]> {
    const rows = await statement(executor).execute({
      orders: JSON.stringify(
        inputs.map(({ values, legs }, ord) => ({
          ord,
          order_no: values.orderNo,
          user_id: values.userId,
          idempotency_key: values.idempotencyKey,
          request_digest: values.requestDigest,
          currency_id: values.currencyId,
          bet_type: values.betType,
          stake_minor: values.stakeMinor,
          total_odds_units: values.totalOddsUnits,
          potential_payout_minor: values.potentialPayoutMinor,
          accept_odds: values.acceptOdds,
          status: values.status,
          is_risk_flagged: values.isRiskFlagged,
          is_live: values.isLive,
          odds_config: values.oddsConfig,
          accept_after: values.acceptAfter?.toISOString() ?? null,
          created_at: values.createdAt.toISOString(),
          legs: legsJson(legs),
        })),
      ),
    });
    const written = new Map(rows.map((row) => [row.orderNo, row]));
    return inputs.map(({ values, legs }) => {
      const row = written.get(values.orderNo);
      return row ? writtenOrder(values, legs, Number(row.orderId), idsOf(row.legIds)) : null;
    });
  };
}
