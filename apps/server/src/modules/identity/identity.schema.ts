import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Every identity that can hold a token: visitors, members, demo players and partner players.
 * `type` is the contract's memberType; visitors answer memberId 0 on the wire.
 */
export const users = pgTable(
  'users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    uid: text('uid').notNull().unique(),
    type: smallint('type').notNull(),
    /** The account name as the member typed it; `accountKey` is its lower-case unique form. */
    account: text('account'),
    accountKey: text('account_key').unique(),
    passwordHash: text('password_hash'),
    /**
     * A quick account whose password is still SPEC's placeholder: it signs in only through the
     * session made at its creation and moves no money out until the member sets a password.
     */
    hasPlaceholderPassword: boolean('has_placeholder_password').notNull().default(false),
    withdrawPasswordHash: text('withdraw_password_hash'),
    languageCode: text('language_code').notNull().default('zh'),
    currencyId: integer('currency_id').notNull(),
    source: smallint('source').notNull().default(2),
    isXyUser: boolean('is_xy_user').notNull().default(false),
    isShow: boolean('is_show').notNull().default(true),
    leagueIds: integer('league_ids').array().notNull().default(sql`'{}'::integer[]`),
    riskAmount: bigint('risk_amount', { mode: 'number' }).notNull().default(0),
    oddsConfig: integer('odds_config').array().notNull().default(sql`'{0,0,0,0,0}'::integer[]`),
    playerOdds: smallint('player_odds').notNull().default(1),
    riskLevel: smallint('risk_level').notNull().default(0),
    hdpStyle: smallint('hdp_style').notNull().default(0),
    /**
     * SPEC §6 game switches (bit flags) the members desk set for this member; null follows the
     * site default (the match module's site settings).
     */
    casinoSw: integer('casino_sw'),
    lotterySw: integer('lottery_sw'),
    channelType: text('channel_type').notNull().default('a1'),
    agentId: integer('agent_id').notNull().default(0),
    partnerChannel: text('partner_channel'),
    principal: text('principal'),
    promoteCode: text('promote_code'),
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('users_partner_principal').on(table.partnerChannel, table.principal)],
);

/** Bearer tokens. Only a SHA-256 of each token is stored, so a database leak yields no sessions. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    deviceId: text('device_id'),
  },
  (table) => [index('sessions_user').on(table.userId)],
);

/** Image captchas: the answer is kept only as a hash and each captcha verifies a login once. */
export const captchas = pgTable('captchas', {
  id: text('id').primaryKey(),
  answerHash: text('answer_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  failedAttempts: smallint('failed_attempts').notNull().default(0),
});

/**
 * Operators' settings of a partner channel configured in PARTNER_SECRETS (the secret itself stays
 * in configuration). No row means the defaults: enabled, live video on, every league.
 */
export const partnerSettings = pgTable('partner_settings', {
  channel: text('channel').primaryKey(),
  name: text('name'),
  isEnabled: boolean('is_enabled').notNull().default(true),
  /** isShow of players the partner signs in for the first time. */
  defaultIsShow: boolean('default_is_show').notNull().default(true),
  /** leagueIds of players the partner signs in for the first time; empty = all. */
  defaultLeagueIds: integer('default_league_ids').array().notNull().default(sql`'{}'::integer[]`),
  updatedBy: bigint('updated_by', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
