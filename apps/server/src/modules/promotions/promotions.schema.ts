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
    /** A free bet's least odds, ten-thousandths; 0 for none (docs/promotions.md, Free bets). */
    freeBetMinOdds: bigint('free_bet_min_odds', { mode: 'number' }).notNull().default(0),
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
    check('promotion_campaigns_kind', sql`${table.kind} in ('envelope', 'activity')`),
    check('promotion_campaigns_money', sql`${table.money} in ('cash', 'bonus', 'free_bet')`),
    check(
      'promotion_campaigns_status',
      sql`${table.status} in ('draft', 'scheduled', 'running', 'paused', 'ended', 'closed')`,
    ),
    check(
      'promotion_campaigns_terms',
      sql`${table.endsAt} > ${table.startsAt} and ${table.total} > 0 and (${table.kind} = 'activity' and ${table.count} = 0 and ${table.minAmount} = 0 and ${table.maxAmount} = 0 or ${table.kind} = 'envelope' and ${table.count} > 0 and ${table.minAmount} > 0 and ${table.maxAmount} >= ${table.minAmount} and ${table.total} between ${table.minAmount} * ${table.count} and ${table.maxAmount} * ${table.count})`,
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
    /** The free bet a free-bet envelope granted. */
    freeBetId: bigint('free_bet_id', { mode: 'number' }),
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

/**
 * The rule of an activity campaign (kind `activity`; docs/promotions.md, Activities that pay):
 * the site post members read, and the rule as the contract's `activityRuleSchema` (JSON; its
 * `type` copied into `type` for the passes to select on). The row is the lock a special bet's
 * placement takes: reservations of one activity are made one after another.
 */
export const promotionActivities = pgTable(
  'promotion_activities',
  {
    campaignId: bigint('campaign_id', { mode: 'number' })
      .primaryKey()
      .references(() => promotionCampaigns.id),
    postId: bigint('post_id', { mode: 'number' }).notNull(),
    type: text('type').notNull(),
    rule: jsonb('rule').notNull(),
  },
  (table) => [check('promotion_activities_type', sql`${table.type} in ('qualify', 'special')`)],
);

/**
 * A member's standing in a qualifying activity: what was counted towards the target, when it
 * was reached, and the reward once paid (`rewarded_at`, `reward_amount`, and `bonus_id` for bonus
 * money). Reached and not rewarded is a reward the budget could not pay yet.
 */
export const promotionActivityMembers = pgTable(
  'promotion_activity_members',
  {
    campaignId: bigint('campaign_id', { mode: 'number' })
      .notNull()
      .references(() => promotionCampaigns.id),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    counted: bigint('counted', { mode: 'number' }).notNull().default(0),
    reachedAt: timestamp('reached_at', { withTimezone: true }),
    rewardedAt: timestamp('rewarded_at', { withTimezone: true }),
    rewardAmount: bigint('reward_amount', { mode: 'number' }).notNull().default(0),
    bonusId: bigint('bonus_id', { mode: 'number' }),
    /** The free bet a free-bet reward granted. */
    freeBetId: bigint('free_bet_id', { mode: 'number' }),
  },
  (table) => [
    uniqueIndex('promotion_activity_members_key').on(table.campaignId, table.userId),
    index('promotion_activity_members_unpaid')
      .on(table.campaignId)
      .where(sql`${table.reachedAt} is not null and ${table.rewardedAt} is null`),
  ],
);

/** Each order counted towards a qualifying activity, once: the unique key refuses it again. */
export const promotionActivityCounts = pgTable(
  'promotion_activity_counts',
  {
    campaignId: bigint('campaign_id', { mode: 'number' })
      .notNull()
      .references(() => promotionCampaigns.id),
    orderNo: text('order_no').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    countedAt: timestamp('counted_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('promotion_activity_counts_key').on(table.campaignId, table.orderNo)],
);

/** How far the qualifying pass has read the wagering record (one row, id 1). */
export const promotionActivityCursor = pgTable('promotion_activity_cursor', {
  id: integer('id').primaryKey(),
  afterTransactionId: bigint('after_transaction_id', { mode: 'number' }).notNull(),
  movedAt: timestamp('moved_at', { withTimezone: true }).notNull(),
});

/**
 * A special bet's reservation: the largest top-up its win could need, held back from the
 * activity's budget from placement until the bet is decided. `key` is the member's
 * Idempotency-Key (or one drawn for them) and the order is placed under `order_key`, so a
 * reservation whose placement never finished finds its order, or none, by it. `state`: `held`
 * (open), `paid` (won, the top-up paid), `done` (decided, nothing more to pay: lost, cashed out,
 * or a win the boost adds nothing to), `released` (no order, refused, rejected or void: its
 * stake never stood and leaves the member's cap).
 */
export const promotionActivityReservations = pgTable(
  'promotion_activity_reservations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    campaignId: bigint('campaign_id', { mode: 'number' })
      .notNull()
      .references(() => promotionCampaigns.id),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    key: text('key').notNull(),
    orderKey: text('order_key').notNull(),
    isMemberKey: boolean('is_member_key').notNull(),
    stake: bigint('stake', { mode: 'number' }).notNull(),
    reserved: bigint('reserved', { mode: 'number' }).notNull(),
    state: text('state').notNull().default('held'),
    orderNo: text('order_no'),
    struckOdds: integer('struck_odds'),
    paid: bigint('paid', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('promotion_activity_reservations_key').on(
      table.campaignId,
      table.userId,
      table.key,
    ),
    index('promotion_activity_reservations_held')
      .on(table.campaignId)
      .where(sql`${table.state} = 'held'`),
    check(
      'promotion_activity_reservations_state',
      sql`${table.state} in ('held', 'paid', 'done', 'released')`,
    ),
    check(
      'promotion_activity_reservations_amounts',
      sql`${table.stake} > 0 and ${table.reserved} >= 0 and ${table.paid} >= 0`,
    ),
  ],
);

export type PromotionActivityRow = typeof promotionActivities.$inferSelect;
export type PromotionActivityMemberRow = typeof promotionActivityMembers.$inferSelect;
export type PromotionReservationRow = typeof promotionActivityReservations.$inferSelect;
