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
 * Operators' manual adjustments of members' main balances. Above the approval threshold one
 * waits (status 0) for a second finance operator; its money moves only when it is applied.
 */
export const balanceAdjustments = pgTable(
  'balance_adjustments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    currencyId: integer('currency_id').notNull(),
    /** Signed minor units: positive credits the member. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    /** 0 pending, 1 applied, 2 rejected. */
    status: smallint('status').notNull(),
    createdBy: bigint('created_by', { mode: 'number' }).notNull(),
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedBy: bigint('decided_by', { mode: 'number' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
  },
  (table) => [
    uniqueIndex('balance_adjustments_idempotency').on(table.createdBy, table.idempotencyKey),
    index('balance_adjustments_user').on(table.userId, table.id),
    check('balance_adjustments_amount_nonzero', sql`${table.amount} <> 0`),
    check('balance_adjustments_status_known', sql`${table.status} between 0 and 2`),
  ],
);
