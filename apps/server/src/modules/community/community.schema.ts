import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
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
 * Shared orders. `placed` is the order frozen as shared, already cut to the share's privacy, and
 * `settled` how it ended, frozen once its order reached a final status; `signature` signs both
 * (docs/community.md). An order has at most one live share (withdrawn ones are kept, with
 * `withdrawn_at`). `return_units` is the order's return over its stake in ten-thousandths, for
 * the level-stake figures, so no amount is kept beside a share that hides them.
 */
export const communityShares = pgTable(
  'community_shares',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    privacy: text('privacy').notNull(),
    /** The sports of the legs, for the feed's filter. */
    sportIds: integer('sport_ids').array().notNull(),
    placed: jsonb('placed').notNull(),
    settled: jsonb('settled'),
    /** The order's status when last read (final once `settled` is set). */
    status: integer('status').notNull(),
    outcome: text('outcome'),
    returnUnits: integer('return_units'),
    signature: text('signature').notNull(),
    keyId: text('key_id').notNull(),
    copies: integer('copies').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenBy: bigint('hidden_by', { mode: 'number' }),
  },
  (table) => [
    uniqueIndex('community_shares_live_order')
      .on(table.orderId)
      .where(sql`${table.withdrawnAt} is null`),
    index('community_shares_created').on(table.createdAt),
    // The freezing pass finds the shares of the orders that changed, withdrawn ones too.
    index('community_shares_order').on(table.orderId),
    index('community_shares_user').on(table.userId, table.createdAt),
    index('community_shares_open').on(table.id).where(sql`${table.settled} is null`),
    // The most copied feed reads its page off this index instead of sorting every visible share
    // (nulls first, as `order by ... desc` sorts them, or the planner would not use it).
    index('community_shares_most_copied')
      .on(table.copies.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.withdrawnAt} is null and ${table.hiddenAt} is null`),
    // The following feed reads each followed tipster's newest shares it may list off this index,
    // a few per tipster, instead of every share of every followed tipster (docs/community.md).
    index('community_shares_following')
      .on(table.userId, table.id.desc().nullsFirst())
      .where(
        sql`${table.withdrawnAt} is null and ${table.hiddenAt} is null and ${table.privacy} <> 'anonymous'`,
      ),
    index('community_shares_user_settled')
      .on(table.userId, table.settledAt)
      .where(sql`${table.settledAt} is not null`),
    check('community_shares_privacy', sql`${table.privacy} in ('all', 'no_amounts', 'anonymous')`),
  ],
);

/**
 * The tipster ranking's figures of one tipster on one day (UTC, of the day their shares froze
 * their ending), over the shares that count toward it (docs/community.md, "Ranking"): one row
 * for every sport (`sport_id` 0) and one per sport their counted shares hold a leg of. `r` is a
 * share's return over its stake minus 1 in ten-thousandths, so `sum_r` is the profit at a level
 * stake. The streak columns combine in day order: `win_prefix` the wins before the day's first
 * loss, `win_suffix` the wins after its last one, `best_streak` its longest run (pushes neither
 * end nor extend a run). A row is rewritten from the day's shares each time one of them freezes
 * or is hidden or shown, in that change's transaction.
 */
export const communityTipsterDays = pgTable(
  'community_tipster_days',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    sportId: integer('sport_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    orders: integer('orders').notNull(),
    wins: integer('wins').notNull(),
    losses: integer('losses').notNull(),
    sumR: bigint('sum_r', { mode: 'number' }).notNull(),
    sumR2: bigint('sum_r2', { mode: 'number' }).notNull(),
    winPrefix: integer('win_prefix').notNull(),
    winSuffix: integer('win_suffix').notNull(),
    bestStreak: integer('best_streak').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.sportId, table.day] }),
    // The ranking sums a window of days of one sport key, tipster by tipster.
    index('community_tipster_days_rank').on(table.sportId, table.day, table.userId),
  ],
);

/**
 * The ranking's version: one row (`id` 1), its `version` raised in every transaction that
 * rewrites a tipster's day rows or hides or shows a tipster, so each process keeps the rankings
 * it computed while the version it read stays the same (docs/community.md, Ranking). No row
 * reads as version 0.
 */
export const communityRankVersion = pgTable('community_rank_version', {
  id: integer('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/** Members who copied a share to their slip: one row each, so a copy counts once. */
export const communityShareCopies = pgTable(
  'community_share_copies',
  {
    shareId: bigint('share_id', { mode: 'number' })
      .notNull()
      .references(() => communityShares.id),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.shareId, table.userId] })],
);

/** Who follows whom. */
export const communityFollows = pgTable(
  'community_follows',
  {
    followerId: bigint('follower_id', { mode: 'number' }).notNull(),
    tipsterId: bigint('tipster_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.followerId, table.tipsterId] }),
    index('community_follows_tipster').on(table.tipsterId),
    check('community_follows_not_self', sql`${table.followerId} <> ${table.tipsterId}`),
  ],
);

/** Tipsters an operator hid: their shares are in no feed, profile or verify answer. */
export const communityHiddenTipsters = pgTable('community_hidden_tipsters', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  hiddenBy: bigint('hidden_by', { mode: 'number' }).notNull(),
  hiddenAt: timestamp('hidden_at', { withTimezone: true }).notNull(),
});

/**
 * The key that signs shares, made on first use and kept so every process and restart signs with
 * the same one (`id` names it; its public half is published by share/key).
 */
export const communityKeys = pgTable('community_keys', {
  id: text('id').primaryKey(),
  /** PKCS#8 DER of the Ed25519 private key, base64. */
  privateKey: text('private_key').notNull(),
  /** The 32 raw bytes of the public key, base64. */
  publicKey: text('public_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export type TipsterDayRow = typeof communityTipsterDays.$inferSelect;
export type ShareRow = typeof communityShares.$inferSelect;
export type NewShare = typeof communityShares.$inferInsert;
