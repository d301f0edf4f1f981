import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { repositoryWithTransaction } from '../../db/transaction';
import { withdrawPasswordGuards as guards, withdrawals } from './withdrawals.schema';

export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type NewWithdrawal = typeof withdrawals.$inferInsert;

export interface WithdrawalListFilter {
  userId: number;
  from?: Date | undefined;
  to?: Date | undefined;
  offset: number;
  limit: number;
}

/** Queries on withdrawals and the withdrawal password guards; no rules live here. */
function withdrawalQueries(db: Database) {
  return {
    /** Inserts the withdrawal unless the member already used its idempotency key; null then. */
    async insertUnlessKeyUsed(values: NewWithdrawal): Promise<WithdrawalRow | null> {
      const [row] = await db
        .insert(withdrawals)
        .values(values)
        .onConflictDoNothing({ target: [withdrawals.userId, withdrawals.idempotencyKey] })
        .returning();
      return row ?? null;
    },

    async findByKey(userId: number, idempotencyKey: string): Promise<WithdrawalRow | undefined> {
      const [row] = await db
        .select()
        .from(withdrawals)
        .where(and(eq(withdrawals.userId, userId), eq(withdrawals.idempotencyKey, idempotencyKey)));
      return row;
    },

    async findById(id: number): Promise<WithdrawalRow | undefined> {
      const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
      return row;
    },

    async findByOrderNo(orderNo: string): Promise<WithdrawalRow | undefined> {
      const [row] = await db.select().from(withdrawals).where(eq(withdrawals.orderNo, orderNo));
      return row;
    },

    /**
     * Moves the withdrawal to a new status only from one of `fromStatuses`, in one statement, so
     * of two racing steps exactly one finds it in the old status; null for the other.
     */
    /** The withdrawal, its row locked until the transaction ends (inside `transaction` only). */
    async lockById(id: number): Promise<WithdrawalRow | null> {
      const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
      return row ?? null;
    },

    async changeStatus(
      id: number,
      fromStatuses: number[],
      values: Partial<NewWithdrawal> & { status: number },
    ): Promise<WithdrawalRow | null> {
      const [row] = await db
        .update(withdrawals)
        .set(values)
        .where(and(eq(withdrawals.id, id), inArray(withdrawals.status, fromStatuses)))
        .returning();
      return row ?? null;
    },

    /** A page of the member's withdrawals, newest first, and how many match in all. */
    async listPage(filter: WithdrawalListFilter) {
      const where = and(
        eq(withdrawals.userId, filter.userId),
        filter.from ? gte(withdrawals.createdAt, filter.from) : undefined,
        filter.to ? lte(withdrawals.createdAt, filter.to) : undefined,
      );
      const rows = await db
        .select()
        .from(withdrawals)
        .where(where)
        .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
        .offset(filter.offset)
        .limit(filter.limit);
      const [total] = await db.select({ rows: count() }).from(withdrawals).where(where);
      return { rows, total: total?.rows ?? 0 };
    },

    /**
     * Takes one withdrawal password attempt: counts it before the password is checked, so many
     * concurrent guesses cannot all slip past the limit. `busy` when `maxAttempts` are already
     * counted without a lock: some are still being checked.
     */
    async takePasswordAttempt(
      userId: number,
      maxAttempts: number,
    ): Promise<'admitted' | 'locked' | 'busy'> {
      await db.insert(guards).values({ userId }).onConflictDoNothing();
      const admitted = await db
        .update(guards)
        .set({ failedAttempts: sql`${guards.failedAttempts} + 1` })
        .where(
          and(
            eq(guards.userId, userId),
            isNull(guards.lockedAt),
            lt(guards.failedAttempts, maxAttempts),
          ),
        )
        .returning({ userId: guards.userId });
      if (admitted.length === 1) return 'admitted';
      const [row] = await db
        .select({ lockedAt: guards.lockedAt })
        .from(guards)
        .where(eq(guards.userId, userId));
      return row?.lockedAt ? 'locked' : 'busy';
    },

    /** Gives back an attempt that checked nothing (no password was set). */
    async returnPasswordAttempt(userId: number): Promise<void> {
      await db
        .update(guards)
        .set({ failedAttempts: sql`greatest(${guards.failedAttempts} - 1, 0)` })
        .where(eq(guards.userId, userId));
    },

    /** A right password clears the count (unless a lock was set meanwhile). */
    async clearPasswordAttempts(userId: number): Promise<void> {
      await db
        .update(guards)
        .set({ failedAttempts: 0 })
        .where(and(eq(guards.userId, userId), isNull(guards.lockedAt)));
    },

    /** After a wrong password: locks once `maxAttempts` are counted; answers the state. */
    async settleWrongPassword(userId: number, maxAttempts: number, now: Date) {
      const [row] = await db
        .update(guards)
        .set({
          lockedAt: sql`case when ${guards.failedAttempts} >= ${maxAttempts}
            then coalesce(${guards.lockedAt}, ${now.toISOString()}::timestamptz)
            else ${guards.lockedAt} end`,
        })
        .where(eq(guards.userId, userId))
        .returning({
          failedAttempts: guards.failedAttempts,
          lockedAt: guards.lockedAt,
        });
      if (!row) throw new Error(`withdraw password guard of user ${userId} vanished`);
      return row;
    },

    /** Withdrawals in some statuses, any member, oldest first: the back office's queue. */
    async listByStatus(filter: {
      statuses: readonly number[];
      userId?: number | undefined;
      offset: number;
      limit: number;
    }) {
      const where = and(
        inArray(withdrawals.status, [...filter.statuses]),
        filter.userId === undefined ? undefined : eq(withdrawals.userId, filter.userId),
      );
      const rows = await db
        .select()
        .from(withdrawals)
        .where(where)
        .orderBy(withdrawals.createdAt, withdrawals.id)
        .offset(filter.offset)
        .limit(filter.limit);
      const [total] = await db.select({ rows: count() }).from(withdrawals).where(where);
      return { rows, total: total?.rows ?? 0 };
    },

    /** Whether wrong withdrawal passwords locked the member's withdrawals (code 5023). */
    async isPasswordLocked(userId: number): Promise<boolean> {
      const [row] = await db
        .select({ lockedAt: guards.lockedAt })
        .from(guards)
        .where(eq(guards.userId, userId));
      return Boolean(row?.lockedAt);
    },

    /** Clears a lock and its count; false when the member was not locked. */
    async unlock(userId: number, operatorId: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(guards)
        .set({ lockedAt: null, failedAttempts: 0, unlockedAt: now, unlockedBy: operatorId })
        .where(and(eq(guards.userId, userId), isNotNull(guards.lockedAt)))
        .returning({ userId: guards.userId });
      return rows.length === 1;
    },
  };
}

export type WithdrawalQueries = ReturnType<typeof withdrawalQueries>;

/**
 * The queries, and `transaction`: runs `work` in one database transaction with the queries bound to
 * it, and hands over the transaction itself for the ledger, so a withdrawal row and its money
 * commit together.
 */
export function createWithdrawalsRepository(db: Database) {
  return repositoryWithTransaction(db, withdrawalQueries);
}

export type WithdrawalsRepository = ReturnType<typeof createWithdrawalsRepository>;
