import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Who a collection order is paid to, as shown to the member (SPEC §3 collection order). */
export interface CollectionPayee {
  showType: number;
  cardholder: string | null;
  shop: string | null;
  bank: string | null;
  bankNo: string | null;
  receiptCode: string | null;
  /** The code the member writes in the transfer's remark. */
  note: string;
}

/**
 * Every deposit of every type, one row each: hosted-page orders (types 1, 3, 4, 6, 7, 8),
 * collection orders (type 2) and chain transfers to deposit addresses (type 5). `amount` is what
 * is paid, in `currencyId`; `toAmount` is what is credited, in `toCurrencyId`, at `rate` (the two
 * differ only for conversions). A row is credited at most once: the status moves to completed in
 * the same transaction as its ledger transfer, whose idempotency key is the order number.
 */
export const depositOrders = pgTable(
  'deposit_orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderNo: text('order_no').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    merchantCode: smallint('merchant_code').notNull(),
    payTypeId: integer('pay_type_id').notNull(),
    /** SPEC §4 deposit status. */
    status: smallint('status').notNull(),
    currencyId: integer('currency_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    scale: smallint('scale').notNull(),
    toCurrencyId: integer('to_currency_id').notNull(),
    toAmount: bigint('to_amount', { mode: 'number' }).notNull(),
    toScale: smallint('to_scale').notNull(),
    /** Units of the credited currency per unit of the paid one, as decimal text. */
    rate: text('rate').notNull(),
    /** The member's idempotency key, with a digest of what it asked for. */
    idempotencyKey: text('idempotency_key'),
    requestDigest: text('request_digest'),
    /** Who collects the money: a payment provider's name, or `bank` for collection orders. */
    provider: text('provider').notNull(),
    providerReference: text('provider_reference'),
    payUrl: text('pay_url'),
    payee: jsonb('payee').$type<CollectionPayee>(),
    network: text('network'),
    txHash: text('tx_hash'),
    fromAddress: text('from_address'),
    toAddress: text('to_address'),
    confirmations: integer('confirmations'),
    /** Why it failed or was turned down, or where it stands; shown in the history. */
    remark: text('remark').notNull().default(''),
    receiptUploadedAt: timestamp('receipt_uploaded_at', { withTimezone: true }),
    reviewedBy: text('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('deposit_orders_idempotency').on(table.userId, table.idempotencyKey),
    uniqueIndex('deposit_orders_chain_transfer').on(table.network, table.txHash),
    // At most one unpaid collection order without a receipt per member: two racing creations
    // meet here, and the second is refused.
    uniqueIndex('deposit_orders_one_pending_collection')
      .on(table.userId)
      .where(
        sql`${table.merchantCode} = 2 and ${table.status} = 1 and ${table.receiptUploadedAt} is null`,
      ),
    index('deposit_orders_member_created').on(table.userId, table.createdAt),
    index('deposit_orders_expiry').on(table.status, table.expiresAt),
    check('deposit_orders_amounts_positive', sql`${table.amount} > 0 and ${table.toAmount} > 0`),
  ],
);

/** A member's deposit address per network (type 5); an address belongs to one member only. */
export const depositAddresses = pgTable(
  'deposit_addresses',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    network: text('network').notNull(),
    /** Normalised: lower case on ERC20, as is on TRC20. */
    address: text('address').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('deposit_addresses_member_network').on(table.userId, table.network),
    uniqueIndex('deposit_addresses_address').on(table.network, table.address),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Receipt images of collection orders, kept in the database so every server process sees them
 * and a backup holds them with their orders. Bounded: 10 MB each, a few per order.
 */
export const depositReceipts = pgTable(
  'deposit_receipts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => depositOrders.id),
    /** image/jpeg or image/png, from the content's magic bytes. */
    mediaType: text('media_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    content: bytea('content').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('deposit_receipts_order').on(table.orderId)],
);
