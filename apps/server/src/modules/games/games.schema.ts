import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * A provider the desk turned on or off. A provider without a row is on: the catalogue in code
 * (game-providers.ts) is what exists, this is what the desk changed of it.
 */
export const gameProviderSettings = pgTable('game_provider_settings', {
  provider: text('provider').primaryKey(),
  enabled: boolean('enabled').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A game's settings as the desk last set them; a game without a row plays at its provider's
 * defaults. Stake bounds are minor units of a scale-2 currency (docs/games.md, Settings).
 */
export const gameSettings = pgTable(
  'game_settings',
  {
    gameId: text('game_id').primaryKey(),
    enabled: boolean('enabled').notNull(),
    houseEdgeBps: integer('house_edge_bps').notNull(),
    minStake: bigint('min_stake', { mode: 'number' }).notNull(),
    maxStake: bigint('max_stake', { mode: 'number' }).notNull(),
    maxPayout: bigint('max_payout', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('game_settings_edge', sql`${table.houseEdgeBps} between 0 and 2000`),
    check(
      'game_settings_bounds',
      sql`${table.minStake} > 0 and ${table.maxStake} >= ${table.minStake} and ${table.maxPayout} > 0`,
    ),
  ],
);

/**
 * A member's seed pairs of the house's games: one current (not revealed) at a time, whose row
 * every round locks to take its nonce, so a member's rounds are drawn one after another.
 */
export const gameSeeds = pgTable(
  'game_seeds',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    /** The nonce of the next round under the pair. */
    nextNonce: integer('next_nonce').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the member rotated the pair and so revealed the server seed; null while current. */
    revealedAt: timestamp('revealed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('game_seeds_one_current').on(table.userId).where(sql`${table.revealedAt} is null`),
  ],
);

/**
 * A round of a game: its stake and payout (the money is in the ledger under the round number
 * `G<id>`), what was bet and drawn, and the seeds it was drawn from.
 */
export const gameRounds = pgTable(
  'game_rounds',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    gameId: text('game_id').notNull(),
    provider: text('provider').notNull(),
    currencyId: integer('currency_id').notNull(),
    stake: bigint('stake', { mode: 'number' }).notNull(),
    payout: bigint('payout', { mode: 'number' }).notNull().default(0),
    /** Ten-thousandths per stake; 0 when lost. */
    multiplier: integer('multiplier').notNull().default(0),
    houseEdgeBps: integer('house_edge_bps').notNull(),
    /** `open`, `won`, `lost` or `refunded`. */
    status: text('status').notNull(),
    /** What was bet and drawn, as the contract's `outcome` (the mines layout kept, shown at the end). */
    outcome: jsonb('outcome').notNull(),
    seedId: bigint('seed_id', { mode: 'number' }).notNull(),
    nonce: integer('nonce').notNull(),
    /** The member's key (or one made up for a call without one); unique per member. */
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Last move of an open round: the sweep ends rounds left alone too long. */
    touchedAt: timestamp('touched_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('game_rounds_member_key').on(table.userId, table.idempotencyKey),
    uniqueIndex('game_rounds_one_open')
      .on(table.userId, table.gameId)
      .where(sql`${table.status} = 'open'`),
    index('game_rounds_member_time').on(table.userId, table.id),
    index('game_rounds_settled').on(table.settledAt),
    index('game_rounds_open_touched').on(table.touchedAt).where(sql`${table.status} = 'open'`),
    check('game_rounds_money', sql`${table.stake} > 0 and ${table.payout} >= 0`),
    check('game_rounds_status', sql`${table.status} in ('open', 'won', 'lost', 'refunded')`),
  ],
);

/**
 * A move of money between a member's main balance and a provider's (in by `game/play`, out by
 * a withdrawal), once per member and idempotency key: a replay answers `answer` and moves nothing.
 */
export const gameTransfers = pgTable(
  'game_transfers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** `in`, `out` or `out_all`. */
    kind: text('kind').notNull(),
    /** What was asked (to refuse the same key with other data), and what was answered. */
    request: jsonb('request').notNull(),
    answer: jsonb('answer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('game_transfers_member_key').on(table.userId, table.idempotencyKey)],
);

/** When a member last opened or played a game: recently played, and players online. */
export const gameLaunches = pgTable(
  'game_launches',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    gameId: text('game_id').notNull(),
    lastPlayedAt: timestamp('last_played_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.gameId] }),
    index('game_launches_recent').on(table.lastPlayedAt),
  ],
);
