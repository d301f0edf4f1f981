import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Bets. The stake is held (member main → stakes_held) in the transaction that inserts the row.
 * `idempotencyKey` is the member's key, unique per member; `requestDigest` is the bet it stood
 * for, so a reused key with another bet is refused. Status values are the contract's
 * `orderStatus`; `reason` the `H` event's `mr` of a rejection.
 */
export const orders = pgTable(
  'orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderNo: text('order_no').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    idempotencyKey: text('idempotency_key'),
    requestDigest: text('request_digest').notNull(),
    currencyId: integer('currency_id').notNull(),
    /** 0 single, 1 parlay. */
    betType: smallint('bet_type').notNull(),
    /** Minor units of the currency. */
    stakeMinor: bigint('stake_minor', { mode: 'number' }).notNull(),
    /**
     * The part of the stake taken from the member's bonus bucket (docs/promotions.md, Stakes of
     * bonus money); the rest came from main. 0 for a stake of cash only.
     */
    bonusStakeMinor: bigint('bonus_stake_minor', { mode: 'number' }).notNull().default(0),
    /**
     * The free bet that paid the whole stake (docs/promotions.md, Free bets): a token of the
     * bonus module's `bonus_free_bets`; null for a stake of the member's own money.
     */
    freeBetId: bigint('free_bet_id', { mode: 'number' }),
    /** Ten-thousandths: the product of the legs' prices, rounded down. */
    totalOddsUnits: bigint('total_odds_units', { mode: 'number' }).notNull(),
    /** Minor units returned on a win, stake included, rounded down. */
    potentialPayoutMinor: bigint('potential_payout_minor', { mode: 'number' }).notNull(),
    /** 0 any change, 1 only better, 2 none (contract `acceptOddsChoice`). */
    acceptOdds: smallint('accept_odds').notNull(),
    status: smallint('status').notNull(),
    reason: smallint('reason').notNull().default(0),
    /** SPEC §5 risk check: the stake reached the member's riskAmount (recorded, not refused). */
    isRiskFlagged: boolean('is_risk_flagged').notNull().default(false),
    isLive: boolean('is_live').notNull(),
    /**
     * The member's oddsConfig when the bet was placed: a live bet is re-priced on the same terms
     * when its delay ends, whatever an operator changed meanwhile.
     */
    oddsConfig: integer('odds_config').array().notNull(),
    /** A pending order is decided at or after this time (the bet delay). */
    acceptAfter: timestamp('accept_after', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('orders_idempotency').on(table.userId, table.idempotencyKey),
    index('orders_user_created').on(table.userId, table.createdAt),
    // Readers of what changed since a moment (the community's freezing pass).
    index('orders_updated').on(table.updatedAt, table.id),
    index('orders_pending_due').on(table.acceptAfter).where(sql`${table.status} = 0`),
    check('orders_stake_positive', sql`${table.stakeMinor} > 0`),
    check(
      'orders_bonus_stake_within',
      sql`${table.bonusStakeMinor} between 0 and ${table.stakeMinor}`,
    ),
    check(
      'orders_free_bet_no_bonus',
      sql`${table.freeBetId} is null or ${table.bonusStakeMinor} = 0`,
    ),
    check('orders_bet_type_known', sql`${table.betType} in (0, 1)`),
    check('orders_accept_odds_known', sql`${table.acceptOdds} between 0 and 2`),
    check('orders_status_known', sql`${table.status} between 0 and 5`),
  ],
);

/** One selection of an order, with the price asked for and the price the bet was struck at. */
export const orderLegs = pgTable(
  'order_legs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    legIndex: smallint('leg_index').notNull(),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    sportId: integer('sport_id').notNull(),
    leagueId: integer('league_id').notNull(),
    playId: integer('play_id').notNull(),
    specifiers: text('specifiers').notNull(),
    outcomeId: text('outcome_id').notNull(),
    optionId: text('option_id').notNull(),
    requestedOddsUnits: integer('requested_odds_units').notNull(),
    oddsUnits: integer('odds_units').notNull(),
    /** The feed's market status when the bet was placed. */
    marketStatus: text('market_status').notNull(),
    /**
     * What the member bet on, as the book named it at placement: the bet stays readable after
     * the match has left the book. `homeName` is an outright's or race's title, `awayName` then
     * empty; `outcomeName` the feed's name of the outcome (a runner's full name).
     */
    homeName: text('home_name').notNull().default(''),
    awayName: text('away_name').notNull().default(''),
    leagueName: text('league_name').notNull().default(''),
    outcomeName: text('outcome_name').notNull().default(''),
  },
  (table) => [
    uniqueIndex('order_legs_position').on(table.orderId, table.legIndex),
    index('order_legs_event').on(table.eventId),
  ],
);

/** Every status an order went through, who moved it and why: the order's audit trail. */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    /** Null for the first status of the order. */
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status').notNull(),
    reason: smallint('reason').notNull().default(0),
    /** member, system or operator. */
    actor: text('actor').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('order_status_history_order').on(table.orderId),
    check('order_status_history_actor', sql`${table.actor} in ('member', 'system', 'operator')`),
  ],
);

/** How one leg stood when its order was settled: the state settleBet read and what it made of it. */
export interface SettledLeg {
  legIndex: number;
  /** 'void' for a cancelled or void leg; 'open' only beside the lost leg of a parlay. */
  state: 'void' | 'open' | { result: 'won' | 'lost'; voidFactor: number; deadHeatFactor: number };
  /** settleSelection's result of the leg, or 'open'. */
  result: string;
}

/**
 * Every settlement of an order. Settling again after a rollback adds the next version; the rolled
 * back one keeps its row with `rolled_back_at`. At most one version of an order stands at a time
 * (the partial unique index), so two workers can never both settle it.
 */
export const orderSettlements = pgTable(
  'order_settlements',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    /** 1 for the first settlement, +1 for each settlement after a rollback. */
    version: integer('version').notNull(),
    /** settleBet's result: won, lost, void, half_won, half_lost, dead_heat or partly. */
    result: text('result').notNull(),
    /** Minor units paid to the member's main balance, stake included. */
    payoutMinor: bigint('payout_minor', { mode: 'number' }).notNull(),
    legs: jsonb('legs').$type<SettledLeg[]>().notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }).notNull(),
    rolledBackAt: timestamp('rolled_back_at', { withTimezone: true }),
    /**
     * What the rollback could not take back because the member had already spent it: a debt of
     * the member's, borne by the house in the ledger until collected (docs/betting.md).
     */
    unrecoveredMinor: bigint('unrecovered_minor', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    unique('order_settlements_version').on(table.orderId, table.version),
    uniqueIndex('order_settlements_standing')
      .on(table.orderId)
      .where(sql`${table.rolledBackAt} is null`),
    check('order_settlements_payout', sql`${table.payoutMinor} >= 0`),
    check('order_settlements_unrecovered', sql`${table.unrecoveredMinor} >= 0`),
  ],
);

/**
 * The operators' stake limit policy (stake-limits.ts) as JSON by key, `stake_limits` today. A
 * site without a row, or a part the row leaves out, takes the built-in defaults.
 */
export const stakeLimitSettings = pgTable('stake_limit_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  /** The operator who changed it last. */
  operatorId: bigint('operator_id', { mode: 'number' }),
});
