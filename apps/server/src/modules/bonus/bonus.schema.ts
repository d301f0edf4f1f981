import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Bonus money (docs/promotions.md, Bonus money): one row per grant. The money itself is in the
 * member's `bonus` bucket of the ledger; this row is what the grant asks (`required` =
 * amount × multiple), what its rollover has counted, and how it ended. `grant_key` makes a
 * grant idempotent; `grant_transaction_id` is the ledger transaction that booked it (set in the
 * grant's own transaction, right after the row), which a stake must come after to count. `budget_open` turns false when the campaign closes: what ends
 * afterwards returns to the house, never to the closed budget. `ended_amount` is what the end
 * moved (the whole amount today; docs/promotions.md says when it could be less).
 */
export const bonusGrants = pgTable(
  'bonus_grants',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    grantKey: text('grant_key').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    currencyId: integer('currency_id').notNull(),
    campaignId: bigint('campaign_id', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    rolloverMultiple: integer('rollover_multiple').notNull(),
    required: bigint('required', { mode: 'number' }).notNull(),
    counted: bigint('counted', { mode: 'number' }).notNull().default(0),
    /** The largest stake that counts; 0 for none. */
    maxStake: bigint('max_stake', { mode: 'number' }).notNull(),
    grantTransactionId: bigint('grant_transaction_id', { mode: 'number' }),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    status: text('status').notNull().default('active'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endedAmount: bigint('ended_amount', { mode: 'number' }),
    reason: text('reason'),
    budgetOpen: boolean('budget_open').notNull().default(true),
  },
  (table) => [
    index('bonus_grants_member').on(table.userId, table.currencyId, table.id),
    index('bonus_grants_campaign').on(table.campaignId, table.status),
    index('bonus_grants_active_expiry').on(table.expiresAt).where(sql`${table.status} = 'active'`),
    check(
      'bonus_grants_status',
      sql`${table.status} in ('active', 'converted', 'expired', 'forfeited')`,
    ),
    check('bonus_grants_amount', sql`${table.amount} > 0`),
    check('bonus_grants_multiple', sql`${table.rolloverMultiple} between 1 and 10`),
    check('bonus_grants_counted', sql`${table.counted} >= 0`),
    check('bonus_grants_max_stake', sql`${table.maxStake} >= 0`),
  ],
);

export type BonusGrantRow = typeof bonusGrants.$inferSelect;
export type NewBonusGrant = typeof bonusGrants.$inferInsert;

/**
 * Each wager counted towards a rollover, once: the product and the wager's reference (an order
 * number) are unique, so two passes, two processes or a wager settled again after a rollback
 * never count it twice, whichever grant took it.
 */
export const bonusCountedWagers = pgTable(
  'bonus_counted_wagers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    grantId: bigint('grant_id', { mode: 'number' })
      .notNull()
      .references(() => bonusGrants.id),
    product: text('product').notNull(),
    reference: text('reference').notNull(),
    /** The stake that stood, as counted: its contribution percentage applied. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    countedAt: timestamp('counted_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('bonus_counted_wagers_wager').on(table.product, table.reference),
    index('bonus_counted_wagers_grant').on(table.grantId),
  ],
);

/**
 * How far the rollover pass has read the wagering record: the id of a ledger transaction every
 * decision up to which has been looked at. One row (`id` 1); passes only move it forward.
 */
export const bonusRolloverCursor = pgTable(
  'bonus_rollover_cursor',
  {
    id: integer('id').primaryKey(),
    afterTransactionId: bigint('after_transaction_id', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [check('bonus_rollover_cursor_one', sql`${table.id} = 1`)],
);

/**
 * Free bets (docs/promotions.md, Free bets): one row per token. Its money is in the member's
 * `free_bet` bucket of the ledger while it is available, in `stakes_held` while its order runs.
 * `source_key` (`envelope:<id>`, `activity:<campaign>:<member>`) makes a grant idempotent;
 * `order_id` is the order it staked while used. `budget_open` turns false when the campaign
 * closes: an expiry afterwards returns the amount to the house, never to the closed budget.
 * `won` records that its order settled with a return (the desk's figures).
 */
export const bonusFreeBets = pgTable(
  'bonus_free_bets',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    sourceKey: text('source_key').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    currencyId: integer('currency_id').notNull(),
    campaignId: bigint('campaign_id', { mode: 'number' }).notNull(),
    /** The campaign's titles at the grant, for the member's list in their language. */
    titleEn: text('title_en').notNull().default(''),
    titleZh: text('title_zh').notNull().default(''),
    titleZht: text('title_zht').notNull().default(''),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** Least total odds of the bet, ten-thousandths; 0 for none. */
    minOdds: bigint('min_odds', { mode: 'number' }).notNull().default(0),
    status: text('status').notNull().default('available'),
    orderId: bigint('order_id', { mode: 'number' }),
    orderNo: text('order_no'),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** What the winning order paid the member: its return less the stake; 0 otherwise. */
    winnings: bigint('winnings', { mode: 'number' }).notNull().default(0),
    /** Whether it was ever staked on an order (the desk's "used", kept after a void). */
    everUsed: boolean('ever_used').notNull().default(false),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    budgetOpen: boolean('budget_open').notNull().default(true),
  },
  (table) => [
    index('bonus_free_bets_member').on(table.userId, table.status, table.expiresAt),
    index('bonus_free_bets_campaign').on(table.campaignId),
    index('bonus_free_bets_available_expiry')
      .on(table.expiresAt)
      .where(sql`${table.status} = 'available'`),
    uniqueIndex('bonus_free_bets_order').on(table.orderId),
    check('bonus_free_bets_status', sql`${table.status} in ('available', 'used', 'expired')`),
    check('bonus_free_bets_amount', sql`${table.amount} > 0`),
    check('bonus_free_bets_min_odds', sql`${table.minOdds} >= 0`),
    check(
      'bonus_free_bets_used_order',
      sql`(${table.status} = 'used') = (${table.orderId} is not null)`,
    ),
  ],
);

export type FreeBetRow = typeof bonusFreeBets.$inferSelect;
