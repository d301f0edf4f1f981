import { sql } from 'drizzle-orm';
import {
  bigint,
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
    index('community_shares_user').on(table.userId, table.createdAt),
    index('community_shares_open').on(table.id).where(sql`${table.settled} is null`),
    check('community_shares_privacy', sql`${table.privacy} in ('all', 'no_amounts', 'anonymous')`),
  ],
);

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

export type ShareRow = typeof communityShares.$inferSelect;
export type NewShare = typeof communityShares.$inferInsert;
