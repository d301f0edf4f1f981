import { bigint, index, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Nonces of accepted provider callbacks. A nonce is recorded in the same transaction that acts on
 * its callback, so a replay is refused and a callback that failed half-way can be sent again.
 * Rows older than the timestamp window are useless (such a callback is refused as stale) and are
 * purged.
 */
export const paymentCallbackNonces = pgTable(
  'payment_callback_nonces',
  {
    provider: text('provider').notNull(),
    nonce: text('nonce').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.nonce] }),
    index('payment_callback_nonces_received').on(table.receivedAt),
  ],
);

/**
 * The sandbox provider's hosted payments: what its pay page asks the payer for. It stands in for
 * a real provider's own records, so it keeps the provider's view (pending, completed, failed) and
 * whether the merchant acknowledged the callback.
 */
export const sandboxPayments = pgTable('sandbox_payments', {
  /** The payment id in the pay URL; random, so a pay page cannot be guessed. */
  id: text('id').primaryKey(),
  orderNo: text('order_no').notNull().unique(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  currencyCode: text('currency_code').notNull(),
  scale: smallint('scale').notNull(),
  description: text('description').notNull(),
  /** pending, completed or failed. */
  status: text('status').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  /** When the merchant answered the result's callback with code 0. */
  acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
});

/** The sandbox chain's head per network: its height and when its last block was made. */
export const sandboxChainHeads = pgTable('sandbox_chain_heads', {
  network: text('network').primaryKey(),
  height: bigint('height', { mode: 'number' }).notNull(),
  minedAt: timestamp('mined_at', { withTimezone: true }).notNull(),
});

/** Transfers on the sandbox chain: waiting for a block, then reported to the merchant each block. */
export const sandboxChainTransfers = pgTable(
  'sandbox_chain_transfers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    network: text('network').notNull(),
    txHash: text('tx_hash').notNull().unique(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    currencyCode: text('currency_code').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    scale: smallint('scale').notNull(),
    /** The block that holds the transfer; null until one is made. */
    blockHeight: bigint('block_height', { mode: 'number' }),
    /** When the merchant answered that it is done with the transfer (credited, refused or not its own). */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** The merchant's last answer, for the sandbox page. */
    lastAnswer: text('last_answer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sandbox_chain_transfers_unsettled').on(table.network, table.settledAt)],
);
