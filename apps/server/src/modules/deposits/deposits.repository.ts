import { depositMerchantCode, depositStatus } from '@sb/contract';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { depositAddresses, depositOrders, depositReceipts } from './deposits.schema';

export type DepositOrderRow = typeof depositOrders.$inferSelect;
export type NewDepositOrder = typeof depositOrders.$inferInsert;
export type DepositReceiptRow = typeof depositReceipts.$inferSelect;

/** Collection orders an operator may still confirm or turn down. */
export const reviewableStatuses: number[] = [
  depositStatus.unpaid,
  depositStatus.userCancelled,
  depositStatus.systemCancelled,
];

/** What an unpaid order turns into when it lapses. */
const expiredRemark = 'Expired before payment';

/**
 * Queries on the deposit tables; no rules live here. Made over the database or over a
 * transaction, so the service can run several of them atomically.
 */
export function createDepositsRepository(db: Database) {
  return {
    /** Inserts the order unless it breaks a unique rule (idempotency key, one pending collection). */
    async insertOrderUnlessConflicting(
      values: NewDepositOrder,
    ): Promise<DepositOrderRow | undefined> {
      const [row] = await db.insert(depositOrders).values(values).onConflictDoNothing().returning();
      return row;
    },

    async findOrderByIdempotencyKey(
      userId: number,
      idempotencyKey: string,
    ): Promise<DepositOrderRow | undefined> {
      const [row] = await db
        .select()
        .from(depositOrders)
        .where(
          and(eq(depositOrders.userId, userId), eq(depositOrders.idempotencyKey, idempotencyKey)),
        );
      return row;
    },

    /** The order, locked for the rest of the transaction; scoped to a member when one is given. */
    async lockOrder(orderNo: string, userId?: number): Promise<DepositOrderRow | undefined> {
      const [row] = await db
        .select()
        .from(depositOrders)
        .where(
          and(
            eq(depositOrders.orderNo, orderNo),
            userId === undefined ? undefined : eq(depositOrders.userId, userId),
          ),
        )
        .for('update');
      return row;
    },

    async lockChainTransferOrder(
      network: string,
      txHash: string,
    ): Promise<DepositOrderRow | undefined> {
      const [row] = await db
        .select()
        .from(depositOrders)
        .where(and(eq(depositOrders.network, network), eq(depositOrders.txHash, txHash)))
        .for('update');
      return row;
    },

    async updateOrder(id: number, values: Partial<NewDepositOrder>): Promise<DepositOrderRow> {
      const [row] = await db
        .update(depositOrders)
        .set(values)
        .where(eq(depositOrders.id, id))
        .returning();
      if (!row) throw new Error(`deposit order ${id} vanished during an update`);
      return row;
    },

    /** Stores the provider's payment on an order that has none yet; answers the order as it is. */
    async attachPayment(
      id: number,
      payment: { providerReference: string; payUrl: string },
      now: Date,
    ): Promise<DepositOrderRow | undefined> {
      await db
        .update(depositOrders)
        .set({ ...payment, updatedAt: now })
        .where(and(eq(depositOrders.id, id), isNull(depositOrders.payUrl)));
      const [row] = await db.select().from(depositOrders).where(eq(depositOrders.id, id));
      return row;
    },

    /**
     * Unpaid orders past their expiry become system-cancelled: collection orders without a
     * receipt (one with a receipt waits for an operator) and hosted orders with no result.
     */
    async expireOverdueOrders(now: Date, userId?: number): Promise<number> {
      const overdue = or(
        and(
          eq(depositOrders.merchantCode, depositMerchantCode.localBank),
          eq(depositOrders.status, depositStatus.unpaid),
          isNull(depositOrders.receiptUploadedAt),
        ),
        eq(depositOrders.status, depositStatus.created),
      );
      // Rows another transaction holds are skipped, not waited for: the sweep and a member's own
      // expiry reach rows through different indexes, and waiting in two orders could deadlock.
      // A skipped row is being changed by its holder anyway, and the next pass sees it.
      const overdueIds = db
        .select({ id: depositOrders.id })
        .from(depositOrders)
        .where(
          and(
            overdue,
            isNotNull(depositOrders.expiresAt),
            lte(depositOrders.expiresAt, now),
            userId === undefined ? undefined : eq(depositOrders.userId, userId),
          ),
        )
        .for('update', { skipLocked: true });
      const rows = await db
        .update(depositOrders)
        .set({ status: depositStatus.systemCancelled, remark: expiredRemark, updatedAt: now })
        .where(inArray(depositOrders.id, overdueIds))
        .returning({ id: depositOrders.id });
      return rows.length;
    },

    async findPendingCollection(userId: number): Promise<DepositOrderRow | undefined> {
      const [row] = await db
        .select()
        .from(depositOrders)
        .where(
          and(
            eq(depositOrders.userId, userId),
            eq(depositOrders.merchantCode, depositMerchantCode.localBank),
            eq(depositOrders.status, depositStatus.unpaid),
            isNull(depositOrders.receiptUploadedAt),
          ),
        );
      return row;
    },

    async listMemberOrders(
      userId: number,
      range: { from?: Date | undefined; to?: Date | undefined },
      page: { limit: number; offset: number },
    ): Promise<{ rows: DepositOrderRow[]; total: number }> {
      const filter = and(
        eq(depositOrders.userId, userId),
        range.from ? gte(depositOrders.createdAt, range.from) : undefined,
        range.to ? lte(depositOrders.createdAt, range.to) : undefined,
      );
      const rows = await db
        .select()
        .from(depositOrders)
        .where(filter)
        .orderBy(desc(depositOrders.createdAt), desc(depositOrders.id))
        .limit(page.limit)
        .offset(page.offset);
      const [total] = await db.select({ rows: count() }).from(depositOrders).where(filter);
      return { rows, total: total?.rows ?? 0 };
    },

    /** Collection orders an operator has to look at: a receipt arrived and no decision yet. */
    async listCollectionsAwaitingReview(page: {
      limit: number;
      offset: number;
    }): Promise<DepositOrderRow[]> {
      return db
        .select()
        .from(depositOrders)
        .where(
          and(
            eq(depositOrders.merchantCode, depositMerchantCode.localBank),
            inArray(depositOrders.status, reviewableStatuses),
            isNotNull(depositOrders.receiptUploadedAt),
          ),
        )
        .orderBy(asc(depositOrders.receiptUploadedAt), asc(depositOrders.id))
        .limit(page.limit)
        .offset(page.offset);
    },

    async findAddress(userId: number, network: string): Promise<string | undefined> {
      const [row] = await db
        .select({ address: depositAddresses.address })
        .from(depositAddresses)
        .where(and(eq(depositAddresses.userId, userId), eq(depositAddresses.network, network)));
      return row?.address;
    },

    async insertAddressOnce(values: typeof depositAddresses.$inferInsert): Promise<void> {
      await db.insert(depositAddresses).values(values).onConflictDoNothing();
    },

    async findAddressOwner(network: string, address: string): Promise<number | undefined> {
      const [row] = await db
        .select({ userId: depositAddresses.userId })
        .from(depositAddresses)
        .where(and(eq(depositAddresses.network, network), eq(depositAddresses.address, address)));
      return row?.userId;
    },

    async countReceipts(orderId: number): Promise<number> {
      const [row] = await db
        .select({ rows: count() })
        .from(depositReceipts)
        .where(eq(depositReceipts.orderId, orderId));
      return row?.rows ?? 0;
    },

    async insertReceipt(values: typeof depositReceipts.$inferInsert): Promise<void> {
      await db.insert(depositReceipts).values(values);
    },

    async listReceipts(orderId: number): Promise<DepositReceiptRow[]> {
      return db
        .select()
        .from(depositReceipts)
        .where(eq(depositReceipts.orderId, orderId))
        .orderBy(asc(depositReceipts.id));
    },

    async findOrder(orderNo: string): Promise<DepositOrderRow | undefined> {
      const [row] = await db.select().from(depositOrders).where(eq(depositOrders.orderNo, orderNo));
      return row;
    },
  };
}

export type DepositsRepository = ReturnType<typeof createDepositsRepository>;
