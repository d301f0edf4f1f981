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
 * A member's credit line in one currency: the limit an operator set and what the member owes
 * now. The row is locked by every borrowing and repayment of that member and currency, so they
 * happen one after another. The money itself lives in the ledger (member main ↔
 * loans_receivable); `outstanding` summed per currency equals minus loans_receivable's balance.
 */
export const loanAccounts = pgTable(
  'loan_accounts',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    currencyId: integer('currency_id').notNull(),
    creditLimit: bigint('credit_limit', { mode: 'number' }).notNull().default(0),
    outstanding: bigint('outstanding', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.currencyId] }),
    check('loan_accounts_limit_not_negative', sql`${table.creditLimit} >= 0`),
    check('loan_accounts_outstanding_not_negative', sql`${table.outstanding} >= 0`),
  ],
);

/** One borrowing or repayment, done once per member and idempotency key. */
export const loanRecords = pgTable(
  'loan_records',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    currencyId: integer('currency_id').notNull(),
    /** `borrow` or `repay`. */
    kind: text('kind').notNull(),
    /** Minor units, above 0. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** What the member owed in the currency right after. */
    outstandingAfter: bigint('outstanding_after', { mode: 'number' }).notNull(),
    /** The member's key (or one made up for a call without one); unique per member. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** The ledger transaction that moved the money. */
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('loan_records_member_key').on(table.userId, table.idempotencyKey),
    index('loan_records_member_time').on(table.userId, table.createdAt),
    check('loan_records_amount_positive', sql`${table.amount} > 0`),
  ],
);

/** Every change of a credit limit, with the operator who made it. */
export const loanLimitChanges = pgTable(
  'loan_limit_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    currencyId: integer('currency_id').notNull(),
    previousLimit: bigint('previous_limit', { mode: 'number' }).notNull(),
    newLimit: bigint('new_limit', { mode: 'number' }).notNull(),
    operatorId: bigint('operator_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('loan_limit_changes_member').on(table.userId, table.currencyId)],
);

/**
 * Loan settings an operator may change while the site runs, as JSON by key (`loans_enabled`).
 * A key without a row has its default: loans are off until a site turns them on (DESIGN §6).
 */
export const loanSettings = pgTable('loan_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  /** The operator who last changed it; null for a change made by the system. */
  updatedBy: bigint('updated_by', { mode: 'number' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
