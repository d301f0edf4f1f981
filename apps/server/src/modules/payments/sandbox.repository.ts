import { and, asc, desc, eq, gt, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import type { ChainNetwork } from './chain-address';
import { sandboxChainHeads, sandboxChainTransfers, sandboxPayments } from './payments.schema';

export type SandboxPaymentRow = typeof sandboxPayments.$inferSelect;
export type SandboxTransferRow = typeof sandboxChainTransfers.$inferSelect;

/** Queries on the sandbox provider's own tables; no rules live here. */
export function createSandboxRepository(db: Database) {
  return {
    /** Inserts the payment unless the order already has one, and answers the order's payment. */
    async insertPaymentOnce(
      values: typeof sandboxPayments.$inferInsert,
    ): Promise<SandboxPaymentRow> {
      await db
        .insert(sandboxPayments)
        .values(values)
        .onConflictDoNothing({ target: sandboxPayments.orderNo });
      const [row] = await db
        .select()
        .from(sandboxPayments)
        .where(eq(sandboxPayments.orderNo, values.orderNo));
      if (!row) throw new Error(`sandbox payment of ${values.orderNo} missing after insert`);
      return row;
    },

    async findPayment(id: string): Promise<SandboxPaymentRow | undefined> {
      const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id));
      return row;
    },

    /** Moves a pending, unexpired payment to its result; undefined when it was not pending. */
    async finishPayment(
      id: string,
      status: 'completed' | 'failed',
      now: Date,
    ): Promise<SandboxPaymentRow | undefined> {
      const [row] = await db
        .update(sandboxPayments)
        .set({ status, finishedAt: now })
        .where(
          and(
            eq(sandboxPayments.id, id),
            eq(sandboxPayments.status, 'pending'),
            gt(sandboxPayments.expiresAt, now),
          ),
        )
        .returning();
      return row;
    },

    async markPaymentAcknowledged(id: string, now: Date): Promise<void> {
      await db
        .update(sandboxPayments)
        .set({ acknowledgedAt: now })
        .where(and(eq(sandboxPayments.id, id), isNull(sandboxPayments.acknowledgedAt)));
    },

    async insertTransfer(
      values: typeof sandboxChainTransfers.$inferInsert,
    ): Promise<SandboxTransferRow> {
      const [row] = await db.insert(sandboxChainTransfers).values(values).returning();
      if (!row) throw new Error('insert into sandbox_chain_transfers returned no row');
      return row;
    },

    /**
     * Makes the network's next block when one is due (the last is at least `intervalMs` old, or
     * `intervalMs` is 0) and puts every waiting transfer in it, in one transaction. Several
     * processes may ask at once: the head row's lock lets one of them make the block. Answers the
     * new height, or null when no block was due.
     */
    async mineBlock(network: string, now: Date, intervalMs: number): Promise<number | null> {
      return inTransaction(db, async (tx) => {
        await tx
          .insert(sandboxChainHeads)
          .values({ network, height: 0, minedAt: new Date(0) })
          .onConflictDoNothing();
        const [head] = await tx
          .update(sandboxChainHeads)
          .set({ height: sql`${sandboxChainHeads.height} + 1`, minedAt: now })
          .where(
            and(
              eq(sandboxChainHeads.network, network),
              lte(sandboxChainHeads.minedAt, new Date(now.getTime() - intervalMs)),
            ),
          )
          .returning({ height: sandboxChainHeads.height });
        if (!head) return null;
        await tx
          .update(sandboxChainTransfers)
          .set({ blockHeight: head.height })
          .where(
            and(
              eq(sandboxChainTransfers.network, network),
              isNull(sandboxChainTransfers.blockHeight),
            ),
          );
        return head.height;
      });
    },

    async chainHeight(network: string): Promise<number> {
      const [head] = await db
        .select({ height: sandboxChainHeads.height })
        .from(sandboxChainHeads)
        .where(eq(sandboxChainHeads.network, network));
      return head?.height ?? 0;
    },

    /** Transfers in a block whose merchant has not yet said it is done with them, oldest first. */
    async unsettledTransfers(network: string, limit: number): Promise<SandboxTransferRow[]> {
      return db
        .select()
        .from(sandboxChainTransfers)
        .where(
          and(
            eq(sandboxChainTransfers.network, network),
            isNotNull(sandboxChainTransfers.blockHeight),
            isNull(sandboxChainTransfers.settledAt),
          ),
        )
        .orderBy(asc(sandboxChainTransfers.id))
        .limit(limit);
    },

    async recordTransferAnswer(id: number, answer: string, settledAt: Date | null): Promise<void> {
      await db
        .update(sandboxChainTransfers)
        .set({ lastAnswer: answer, ...(settledAt ? { settledAt } : {}) })
        .where(eq(sandboxChainTransfers.id, id));
    },

    /** The newest transfers to one address (normalised as stored). */
    async transfersTo(
      network: ChainNetwork,
      toAddress: string,
      limit: number,
    ): Promise<SandboxTransferRow[]> {
      return db
        .select()
        .from(sandboxChainTransfers)
        .where(
          and(
            eq(sandboxChainTransfers.network, network),
            eq(sandboxChainTransfers.toAddress, toAddress),
          ),
        )
        .orderBy(desc(sandboxChainTransfers.id))
        .limit(limit);
    },
  };
}

export type SandboxRepository = ReturnType<typeof createSandboxRepository>;
