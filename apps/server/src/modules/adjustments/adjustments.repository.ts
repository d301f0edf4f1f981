import { adjustmentStatus } from '@sb/contract';
import { and, count, desc, eq, gt, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { repositoryWithTransaction } from '../../db/transaction';
import { balanceAdjustments } from './adjustments.schema';

export type AdjustmentRow = typeof balanceAdjustments.$inferSelect;
export type NewAdjustment = typeof balanceAdjustments.$inferInsert;

export interface AdjustmentFilter {
  status?: number | undefined;
  userId?: number | undefined;
}

/** Queries on the adjustments, on the database or inside a transaction; no rules live here. */
function createAdjustmentQueries(db: Database) {
  return {
    /** Inserts the adjustment unless its operator already used its idempotency key; null then. */
    async insertUnlessKeyTaken(values: NewAdjustment): Promise<AdjustmentRow | null> {
      const [row] = await db
        .insert(balanceAdjustments)
        .values(values)
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    },

    /** The adjustment an operator made under an idempotency key. */
    async findByKey(
      operatorId: number,
      idempotencyKey: string,
    ): Promise<AdjustmentRow | undefined> {
      const [row] = await db
        .select()
        .from(balanceAdjustments)
        .where(
          and(
            eq(balanceAdjustments.createdBy, operatorId),
            eq(balanceAdjustments.idempotencyKey, idempotencyKey),
          ),
        );
      return row;
    },

    /**
     * Serialises the adjustments an operator asks for, and those on a member, until the
     * transaction ends, so two racing requests cannot both read a day's total below the cap.
     * Always the operator first, then the member: every holder waits in the same order.
     */
    async lockDailyTotals(operatorId: number, userId: number): Promise<void> {
      for (const key of [`adjustments:operator:${operatorId}`, `adjustments:member:${userId}`])
        await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    },

    /**
     * What one pair of eyes alone moved in a currency since `since`, in absolute minor units:
     * the adjustments the operator applied without a second approval, and those any operator
     * applied so to the member. Approved, waiting and rejected ones are not counted.
     */
    async appliedAloneSince(query: {
      operatorId: number;
      userId: number;
      currencyId: number;
      since: Date;
    }): Promise<{ byOperator: number; toMember: number }> {
      const t = balanceAdjustments;
      const [row] = await db
        .select({
          byOperator:
            sql<number>`coalesce(sum(abs(${t.amount})) filter (where ${t.createdBy} = ${query.operatorId}), 0)`.mapWith(
              Number,
            ),
          toMember:
            sql<number>`coalesce(sum(abs(${t.amount})) filter (where ${t.userId} = ${query.userId}), 0)`.mapWith(
              Number,
            ),
        })
        .from(t)
        .where(
          and(
            or(eq(t.createdBy, query.operatorId), eq(t.userId, query.userId)),
            eq(t.currencyId, query.currencyId),
            eq(t.status, adjustmentStatus.applied),
            eq(t.decidedBy, t.createdBy),
            gt(t.decidedAt, query.since),
          ),
        );
      return { byOperator: row?.byOperator ?? 0, toMember: row?.toMember ?? 0 };
    },

    /** The adjustment, locked until the transaction ends. */
    async lock(id: number): Promise<AdjustmentRow | undefined> {
      const [row] = await db
        .select()
        .from(balanceAdjustments)
        .where(eq(balanceAdjustments.id, id))
        .for('update');
      return row;
    },

    async update(
      id: number,
      values: Pick<NewAdjustment, 'status' | 'decidedBy' | 'decidedAt' | 'decisionReason'>,
    ): Promise<AdjustmentRow | undefined> {
      const [row] = await db
        .update(balanceAdjustments)
        .set(values)
        .where(eq(balanceAdjustments.id, id))
        .returning();
      return row;
    },

    /** A page of adjustments, newest first, with how many match in all. */
    async list(filter: AdjustmentFilter, offset: number, limit: number) {
      const filters: (SQL | undefined)[] = [
        filter.status === undefined ? undefined : eq(balanceAdjustments.status, filter.status),
        filter.userId === undefined ? undefined : eq(balanceAdjustments.userId, filter.userId),
      ];
      const where = and(...filters);
      const rows = await db
        .select()
        .from(balanceAdjustments)
        .where(where)
        .orderBy(desc(balanceAdjustments.id))
        .offset(offset)
        .limit(limit);
      const [total] = await db.select({ rows: count() }).from(balanceAdjustments).where(where);
      return { rows, total: total?.rows ?? 0 };
    },
  };
}

export type AdjustmentQueries = ReturnType<typeof createAdjustmentQueries>;

/**
 * The queries, and `transaction`: runs `work` in one transaction, with the queries and the
 * transaction for the ledger.
 */
export function createAdjustmentRepository(db: Database) {
  return repositoryWithTransaction(db, createAdjustmentQueries);
}

export type AdjustmentRepository = ReturnType<typeof createAdjustmentRepository>;
