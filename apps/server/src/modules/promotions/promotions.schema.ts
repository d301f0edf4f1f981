import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Promotion campaigns (docs/promotions.md, Campaigns). A campaign's money sits in its own
 * budget account of the ledger (`promotion_budget:<id>`), never here: these rows hold its terms,
 * its status and, for red envelopes, the split drawn at creation. `seed` is the secret the split
 * was drawn from: kept back from every answer until the campaign is closed, while `commitment`
 * (the hash of amounts and seed) is shown from the start. `create_key` is the operator's
 * Idempotency-Key, so a retried create answers the same campaign.
 */
export const promotionCampaigns = pgTable(
  'promotion_campaigns',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull().default('envelope'),
    titleEn: text('title_en').notNull(),
    titleZh: text('title_zh').notNull(),
    titleZht: text('title_zht').notNull(),
    currencyId: integer('currency_id').notNull(),
    money: text('money').notNull(),
    rolloverMultiple: integer('rollover_multiple').notNull().default(0),
    bonusDays: integer('bonus_days').notNull().default(0),
    maxStake: bigint('max_stake', { mode: 'number' }).notNull().default(0),
    total: bigint('total', { mode: 'number' }).notNull(),
    count: integer('count').notNull(),
    minAmount: bigint('min_amount', { mode: 'number' }).notNull(),
    maxAmount: bigint('max_amount', { mode: 'number' }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    minDeposit: bigint('min_deposit', { mode: 'number' }).notNull().default(0),
    minTurnover: bigint('min_turnover', { mode: 'number' }).notNull().default(0),
    eligibilityDays: integer('eligibility_days').notNull().default(0),
    /** Risk levels allowed to grab; empty for every level. */
    riskLevels: smallint('risk_levels').array().notNull(),
    seed: text('seed').notNull(),
    commitment: text('commitment').notNull(),
    status: text('status').notNull(),
    createdBy: bigint('created_by', { mode: 'number' }).notNull(),
    createKey: text('create_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    fundedAt: timestamp('funded_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('promotion_campaigns_create_key')
      .on(table.createdBy, table.createKey)
      .where(sql`${table.createKey} is not null`),
    index('promotion_campaigns_status').on(table.status, table.id),
    check('promotion_campaigns_kind', sql`${table.kind} in ('envelope')`),
    check('promotion_campaigns_money', sql`${table.money} in ('cash', 'bonus')`),
    check(
      'promotion_campaigns_status',
      sql`${table.status} in ('draft', 'scheduled', 'running', 'paused', 'ended', 'closed')`,
    ),
    check(
      'promotion_campaigns_terms',
      sql`${table.count} > 0 and ${table.minAmount} > 0 and ${table.maxAmount} >= ${table.minAmount} and ${table.total} between ${table.minAmount} * ${table.count} and ${table.maxAmount} * ${table.count} and ${table.endsAt} > ${table.startsAt}`,
    ),
  ],
);

/**
 * The envelopes of a red-envelope campaign, one row per amount of the split in draw order
 * (`idx`). A grab claims the first unclaimed row in one statement (`user_id`, `claimed_at`, and
 * the member's Idempotency-Key in `claim_key`); the partial unique index on (campaign, member)
 * refuses a second envelope to the same member whatever the concurrency. `bonus_id` is the bonus
 * a bonus-money envelope granted.
 */
export const promotionEnvelopes = pgTable(
  'promotion_envelopes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    campaignId: bigint('campaign_id', { mode: 'number' })
      .notNull()
      .references(() => promotionCampaigns.id),
    idx: integer('idx').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }),
    claimKey: text('claim_key'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    bonusId: bigint('bonus_id', { mode: 'number' }),
  },
  (table) => [
    uniqueIndex('promotion_envelopes_index').on(table.campaignId, table.idx),
    uniqueIndex('promotion_envelopes_one_per_member')
      .on(table.campaignId, table.userId)
      .where(sql`${table.userId} is not null`),
    index('promotion_envelopes_unclaimed')
      .on(table.campaignId, table.idx)
      .where(sql`${table.userId} is null`),
    index('promotion_envelopes_member').on(table.userId).where(sql`${table.userId} is not null`),
    check('promotion_envelopes_amount', sql`${table.amount} > 0`),
    check(
      'promotion_envelopes_claim',
      sql`(${table.userId} is null) = (${table.claimedAt} is null)`,
    ),
  ],
);

export type PromotionCampaignRow = typeof promotionCampaigns.$inferSelect;
export type PromotionEnvelopeRow = typeof promotionEnvelopes.$inferSelect;
