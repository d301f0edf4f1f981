import { sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database';
import { reusableStatement } from '../../db/statement';
import { type HoldRequest, holdSteps, holdsParam } from '../ledger/ledger.service';
import type { NewOrderLeg, OrderRow, OrderWithLegs } from './orders.repository';

const steps = new QueryBuilder();
const ledgerSteps = holdSteps(sql`select order_no from new_orders`);

/*
 * One statement places many orders: it locks and reads the members' balances, writes each order
 * whose stake the member's balance covers (with its legs and first status history row), and
 * holds those stakes in the ledger (ledger/hold.statement.ts). A single statement is atomic on
 * its own, so a batch of bets costs one round trip and no transaction around it; its text never
 * changes, so PostgreSQL parses and plans it once per connection. The orders and their legs
 * arrive as one JSON parameter, the holds as another.
 *
 * An order is written only once its stake is funded, so an order refused for its balance leaves
 * no row behind. One that conflicts with a row already there (its member's idempotency key
 * used, or, very rarely, its order number taken) is left out with its legs, history and hold;
 * the statement answers which of the two it was not (funded or not), and the caller finds out.
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
  from batch_orders
  where order_no in (select reference from funded_holds)
  order by ord
  on conflict do nothing
  returning id, order_no, status, created_at`);

const newLegs = steps.$with('new_legs', { id: sql<number>`id`.as('id') }).as(sql`
  insert into order_legs (order_id, leg_index, event_id, sport_id, league_id, play_id, specifiers,
                          outcome_id, option_id, requested_odds_units, odds_units, market_status,
                          home_name, away_name, league_name, outcome_name)
  select n.id, l.leg_index, l.event_id, l.sport_id, l.league_id, l.play_id, l.specifiers,
         l.outcome_id, l.option_id, l.requested_odds_units, l.odds_units, l.market_status,
         l.home_name, l.away_name, l.league_name, l.outcome_name
  from new_orders n
    join batch_orders b on b.order_no = n.order_no
    cross join jsonb_to_recordset(b.legs)
      as l(leg_index smallint, event_id bigint, sport_id int, league_id int, play_id int,
           specifiers text, outcome_id text, option_id text, requested_odds_units int,
           odds_units int, market_status text, home_name text, away_name text,
           league_name text, outcome_name text)
  order by b.ord, l.leg_index
  returning id, order_id, leg_index`);

// Data-modifying steps run to completion whether or not the outcome reads them.
const newHistory = steps.$with('new_history', { id: sql<number>`id`.as('id') }).as(sql`
  insert into order_status_history (order_id, from_status, to_status, actor, at)
  select id, null, status, 'member', created_at from new_orders
  returning id`);

const outcome = steps
  .$with('outcome', {
    ord: sql<number>`ord`.as('ord'),
    orderId: sql<string | null>`order_id`.as('order_id'),
    legIds: sql<string[] | string | null>`leg_ids`.as('leg_ids'),
    isFunded: sql<boolean>`is_funded`.as('is_funded'),
  })
  .as(sql`
  select b.ord, n.id::text as order_id,
         (select array_agg(l.id order by l.leg_index) from new_legs l
          where l.order_id = n.id)::text[] as leg_ids,
         exists (select 1 from funded_holds f where f.reference = b.order_no) as is_funded
  from batch_orders b
    left join new_orders n on n.order_no = b.order_no`);

/**
 * A new order as placement builds it: every column but the generated id, the reason (none yet)
 * and the time of the last change (its creation).
 */
export type PlacedOrderValues = Omit<OrderRow, 'id' | 'reason' | 'updatedAt'>;

/** An order ready to be written: its values and its legs in slip order. */
export interface PlacedOrderInput {
  values: PlacedOrderValues;
  legs: NewOrderLeg[];
}

/** What became of one order of the statement. */
export type PlacementRow =
  /** Written, with its stake held. */
  | { order: OrderWithLegs; isFunded: true }
  /**
   * Not written: its stake was not covered (`isFunded` false), or it conflicted with an order
   * already there (its member's idempotency key, or its order number).
   */
  | { order: null; isFunded: boolean };

/**
 * The stake of a new order held: member main → stakes_held, keyed by the order number; a debit
 * through the ledger's gate in statement form (`holdSteps`).
 */
export function stakeHoldOf(values: PlacedOrderValues): HoldRequest {
  return {
    idempotencyKey: `order-stake:${values.orderNo}`,
    kind: 'order_stake',
    reference: values.orderNo,
    userId: values.userId,
    currencyId: values.currencyId,
    amountMinor: values.stakeMinor,
    to: { systemCode: 'stakes_held' },
  };
}

/** node-postgres answers an int8[] as its text form; PGlite may already have parsed it. */
function idsOf(value: string[] | string | null): number[] {
  if (value === null) return [];
  const items = Array.isArray(value) ? value : value.replace(/[{}]/g, '').split(',');
  return items.filter((item) => item !== '').map(Number);
}

/** The legs of one order as the statement takes them. */
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
    home_name: leg.homeName ?? '',
    away_name: leg.awayName ?? '',
    league_name: leg.leagueName ?? '',
    outcome_name: leg.outcomeName ?? '',
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
      homeName: leg.homeName ?? '',
      awayName: leg.awayName ?? '',
      leagueName: leg.leagueName ?? '',
      outcomeName: leg.outcomeName ?? '',
      result: null,
      id: legIds[legIndex] as number,
      orderId,
      legIndex,
    })),
  };
}

/**
 * Places many orders, their stakes held, in one statement on the database; in the order given,
 * what became of each. Order numbers must differ within a call (they name the holds).
 */
export function createPlacementStatement(db: Database) {
  const statement = reusableStatement(
    db
      .with(
        ...ledgerSteps.funding,
        batchOrders,
        newOrders,
        newLegs,
        newHistory,
        ...ledgerSteps.booking,
        outcome,
      )
      .select()
      .from(outcome)
      .prepare('orders_place'),
  );
  return async function placeOrders(
    executor: Database,
    inputs: readonly PlacedOrderInput[],
  ): Promise<PlacementRow[]> {
    if (new Set(inputs.map(({ values }) => values.orderNo)).size !== inputs.length)
      throw new Error('orders placed together need order numbers of their own');
    const rows = await statement(executor).execute({
      holds: holdsParam(inputs.map(({ values }) => stakeHoldOf(values))),
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
    const byOrd = new Map(rows.map((row) => [Number(row.ord), row]));
    return inputs.map(({ values, legs }, ord) => {
      const row = byOrd.get(ord);
      if (!row) throw new Error(`the placement statement answered nothing of order ${ord}`);
      if (row.orderId === null) return { order: null, isFunded: row.isFunded === true };
      return {
        order: writtenOrder(values, legs, Number(row.orderId), idsOf(row.legIds)),
        isFunded: true,
      };
    });
  };
}
