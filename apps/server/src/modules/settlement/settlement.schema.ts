import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { orders } from '../orders/orders.schema';

/** How one leg stood when its order was settled: the state settleBet read and what it made of it. */
export interface SettledLeg {
  legIndex: number;
  /** 'void' for a cancelled or void leg; 'open' only beside the lost leg of a parlay. */
  state: 'void' | 'open' | { result: 'won' | 'lost'; voidFactor: number; deadHeatFactor: number };
  /** settleSelection's result of the leg, or 'open'. */
  result: string;
}

/**
 * Every settlement of an order. Settling again after a rollback adds the next version; the rolled
 * back one keeps its row with `rolled_back_at`. At most one version of an order stands at a time
 * (the partial unique index), so two workers can never both settle it.
 */
export const orderSettlements = pgTable(
  'order_settlements',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    /** 1 for the first settlement, +1 for each settlement after a rollback. */
    version: integer('version').notNull(),
    /** settleBet's result: won, lost, void, half_won, half_lost, dead_heat or partly. */
    result: text('result').notNull(),
    /** Minor units paid to the member's main balance, stake included. */
    payoutMinor: bigint('payout_minor', { mode: 'number' }).notNull(),
    legs: jsonb('legs').$type<SettledLeg[]>().notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }).notNull(),
    rolledBackAt: timestamp('rolled_back_at', { withTimezone: true }),
    /**
     * What the rollback could not take back because the member had already spent it: a debt of
     * the member's, borne by the house in the ledger until collected (docs/betting.md).
     */
    unrecoveredMinor: bigint('unrecovered_minor', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    unique('order_settlements_version').on(table.orderId, table.version),
    uniqueIndex('order_settlements_standing')
      .on(table.orderId)
      .where(sql`${table.rolledBackAt} is null`),
    check('order_settlements_payout', sql`${table.payoutMinor} >= 0`),
    check('order_settlements_unrecovered', sql`${table.unrecoveredMinor} >= 0`),
  ],
);
