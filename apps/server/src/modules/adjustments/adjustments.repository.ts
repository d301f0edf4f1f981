import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
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

export function createAdjustmentRepository(db: Database) {
  return {
    ...createAdjustmentQueries(db),

    /** Runs `work` in one transaction, with the queries and the transaction for the ledger. */
    transaction<T>(work: (queries: AdjustmentQueries, tx: Database) => Promise<T>): Promise<T> {
      return db.transaction((tx) => {
        const inTransaction = tx as unknown as Database;
        return work(createAdjustmentQueries(inTransaction), inTransaction);
      });
    },
  };
}

export type AdjustmentRepository = ReturnType<typeof createAdjustmentRepository>;
