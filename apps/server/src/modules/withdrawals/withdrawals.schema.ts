import { sql } from 'drizzle-orm';
import {
  bigint,
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
 * Saved payout accounts. A removed account keeps its row (withdrawals point at it) but frees its
 * slot. Each live account holds one of three slots per member and type, so the database itself
 * keeps SPEC's "at most 3 per type" true however many adds race.
 */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** The account's type: the merchant code of its channel. */
    merchantCode: smallint('merchant_code').notNull(),
    channelId: integer('channel_id').notNull(),
    payTypeId: integer('pay_type_id').notNull(),
    currencyId: integer('currency_id').notNull(),
    slot: smallint('slot').notNull(),
    bankNo: text('bank_no').notNull(),
    /** `bankNo` as compared for duplicates (0x addresses in lower case). */
    duplicateKey: text('duplicate_key').notNull(),
    realName: text('real_name'),
    mobile: text('mobile'),
    bankName: text('bank_name'),
    accountType: text('account_type'),
    extend1: text('extend1'),
    address: text('address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('payout_accounts_slot')
      .on(table.userId, table.merchantCode, table.slot)
      .where(sql`${table.removedAt} is null`),
    uniqueIndex('payout_accounts_no_duplicates')
      .on(table.userId, table.merchantCode, table.duplicateKey)
      .where(sql`${table.removedAt} is null`),
    check('payout_accounts_slot_range', sql`${table.slot} between 1 and 3`),
  ],
);

/**
 * Withdrawals. The payee is copied at creation, so removing the account later changes nothing
 * about a withdrawal already made. `idempotencyKey` is the member's key, unique per member.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderNo: text('order_no').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    idempotencyKey: text('idempotency_key'),
    /** A digest of the parameters, so a reused key with other parameters is refused. */
    requestDigest: text('request_digest').notNull(),
    currencyId: integer('currency_id').notNull(),
    /** Minor units of the currency. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    merchantCode: smallint('merchant_code').notNull(),
    channelId: integer('channel_id').notNull(),
    payTypeId: integer('pay_type_id').notNull(),
    payoutAccountId: bigint('payout_account_id', { mode: 'number' }),
    /** The payee's details as they were when the member asked. */
    payee: jsonb('payee'),
    /** SPEC §4 withdraw status (contract `withdrawStatus`). */
    status: smallint('status').notNull().default(0),
    /** The operator's reason, shown to the member as the record's remark. */
    reason: text('reason'),
    reviewedBy: bigint('reviewed_by', { mode: 'number' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** When the payout was confirmed completed or failed. */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('withdrawals_idempotency').on(table.userId, table.idempotencyKey),
    index('withdrawals_user_created').on(table.userId, table.createdAt),
    check('withdrawals_amount_positive', sql`${table.amount} > 0`),
    check('withdrawals_status_known', sql`${table.status} between 0 and 5`),
  ],
);

/**
 * Wrong withdrawal passwords in a row, and the lock five of them set (SPEC §4 withdraw lock,
 * code 5023). Only an operator clears a lock.
 */
export const withdrawPasswordGuards = pgTable('withdraw_password_guards', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  /** Attempts that failed, or are being checked right now (see the password service). */
  failedAttempts: smallint('failed_attempts').notNull().default(0),
  lockedAt: timestamp('locked_at', { withTimezone: true }),
  unlockedAt: timestamp('unlocked_at', { withTimezone: true }),
  unlockedBy: bigint('unlocked_by', { mode: 'number' }),
});
