import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accountIdSqlPattern } from './accounts';

/**
 * One account per owner, bucket and currency (accounts.ts, docs/ledger.md). Members have a
 * `main` bucket (spendable) and a `frozen` bucket (held for a pending withdrawal), whose sum is
 * their wire `amount`; beside them `bonus` (promotion money), `game:<provider>` (in a game) and
 * `market:<market>` (capital put up for a market). No member account may go below zero. Pooled
 * system accounts (house, stakes held, money in transit…) have a `code` instead of a user and
 * may go below zero; each is spread over several rows (`main`, `shard-0`…`shard-15`, see
 * transfer.statement.ts) so that busy ones are not one lock every bet waits for, and its balance
 * is the sum of its rows. Entity accounts (a campaign's budget, a market's escrow) have a code
 * `<family>:<entity>`, one row (`main`) each, and never go below zero.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }),
    systemCode: text('system_code'),
    bucket: text('bucket').notNull(),
    currencyId: integer('currency_id').notNull(),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ledger_accounts_member').on(table.userId, table.bucket, table.currencyId),
    uniqueIndex('ledger_accounts_system').on(table.systemCode, table.bucket, table.currencyId),
    check('ledger_accounts_owner', sql`(${table.userId} is null) <> (${table.systemCode} is null)`),
    check(
      'ledger_accounts_member_not_negative',
      sql`${table.userId} is null or ${table.balance} >= 0`,
    ),
    check(
      'ledger_accounts_member_bucket',
      sql`${table.userId} is null or ${table.bucket} in ('main', 'frozen', 'bonus', 'free_bet') or ${table.bucket} ~ ${sql.raw(`'^(game|market):${accountIdSqlPattern}$'`)}`,
    ),
    check(
      'ledger_accounts_entity_code',
      sql`${table.systemCode} is null or position(':' in ${table.systemCode}) = 0 or (${table.systemCode} ~ ${sql.raw(`'^(promotion_budget|market_escrow):${accountIdSqlPattern}$'`)} and ${table.bucket} = 'main')`,
    ),
    check(
      'ledger_accounts_entity_not_negative',
      sql`${table.systemCode} is null or position(':' in ${table.systemCode}) = 0 or ${table.balance} >= 0`,
    ),
    // Balances are read as JavaScript numbers: a transfer that would take one beyond a safe
    // integer fails as a whole instead of being read back wrong.
    check(
      'ledger_accounts_balance_safe_integer',
      sql`${table.balance} between -9007199254740991 and 9007199254740991`,
    ),
  ],
);

/** A money movement: postings that sum to zero per currency, done once per idempotency key. */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** What kind of movement (deposit, bet stake, payout, demo grant…), for statements. */
    kind: text('kind').notNull(),
    /** A digest of the postings, so a reused key with other postings is refused, not replayed. */
    requestDigest: text('request_digest').notNull(),
    reference: text('reference'),
    metadata: jsonb('metadata'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('ledger_transactions_reference').on(table.reference)],
);

export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    currencyId: integer('currency_id').notNull(),
    /** Signed minor units: positive adds to the account, negative takes from it. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (table) => [
    index('ledger_postings_transaction').on(table.transactionId),
    index('ledger_postings_account').on(table.accountId),
  ],
);
