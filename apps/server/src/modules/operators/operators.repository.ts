import { and, count, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { operatorSessions, operators } from './operators.schema';

export type OperatorRow = typeof operators.$inferSelect;
export type NewOperator = typeof operators.$inferInsert;
export type OperatorSessionRow = typeof operatorSessions.$inferSelect;

/**
 * Queries on the operator tables; no rules live here. Writes that must commit with others take
 * the caller's transaction as `executor`.
 */
export function createOperatorRepository(db: Database) {
  return {
    async countOperators(): Promise<number> {
      const [row] = await db.select({ operators: count() }).from(operators);
      return row?.operators ?? 0;
    },

    /** Inserts the operator unless the user name is taken; null when it is. */
    async insertOperatorUnlessTaken(
      values: NewOperator,
      executor: Database = db,
    ): Promise<OperatorRow | null> {
      const [row] = await executor
        .insert(operators)
        .values(values)
        .onConflictDoNothing({ target: operators.username })
        .returning();
      return row ?? null;
    },

    async findOperatorByUsername(username: string): Promise<OperatorRow | undefined> {
      const [row] = await db.select().from(operators).where(eq(operators.username, username));
      return row;
    },

    /**
     * Records `step` as the operator's last accepted code, only if it is later than the one
     * before. False when it is not: the code, or a later one, was used already. One statement,
     * so two sign-ins racing with the same code cannot both win.
     */
    async claimTotpStep(operatorId: number, step: number): Promise<boolean> {
      const rows = await db
        .update(operators)
        .set({ totpLastStep: step })
        .where(
          and(
            eq(operators.id, operatorId),
            or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step)),
          ),
        )
        .returning({ id: operators.id });
      return rows.length === 1;
    },

    async recordLogin(operatorId: number, at: Date, executor: Database = db): Promise<void> {
      await executor.update(operators).set({ lastLoginAt: at }).where(eq(operators.id, operatorId));
    },

    async insertSession(
      values: typeof operatorSessions.$inferInsert,
      executor: Database = db,
    ): Promise<OperatorSessionRow> {
      const [row] = await executor.insert(operatorSessions).values(values).returning();
      if (!row) throw new Error('insert into operator_sessions returned no row');
      return row;
    },

    /**
     * The session for a token hash with its operator, when neither revoked, past its absolute
     * end, nor idle since before `idleCutoff`.
     */
    async findLiveSession(tokenHash: string, now: Date, idleCutoff: Date) {
      const [row] = await db
        .select({ session: operatorSessions, operator: operators })
        .from(operatorSessions)
        .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
        .where(
          and(
            eq(operatorSessions.tokenHash, tokenHash),
            isNull(operatorSessions.revokedAt),
            gt(operatorSessions.expiresAt, now),
            gt(operatorSessions.lastSeenAt, idleCutoff),
          ),
        );
      return row;
    },

    /** Moves the session's last activity forward to `at`; never back, whatever the order. */
    async touchSession(sessionId: number, at: Date): Promise<void> {
      await db
        .update(operatorSessions)
        .set({ lastSeenAt: at })
        .where(and(eq(operatorSessions.id, sessionId), lt(operatorSessions.lastSeenAt, at)));
    },

    async revokeSession(sessionId: number, at: Date, executor: Database = db): Promise<void> {
      await executor
        .update(operatorSessions)
        .set({ revokedAt: at })
        .where(and(eq(operatorSessions.id, sessionId), isNull(operatorSessions.revokedAt)));
    },
  };
}

export type OperatorRepository = ReturnType<typeof createOperatorRepository>;
