import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { payoutAccounts } from './withdrawals.schema';

export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;
export type NewPayoutAccount = typeof payoutAccounts.$inferInsert;

/** Queries on saved payout accounts; no rules live here. */
export function createPayoutAccountsRepository(db: Database) {
  const live = (userId: number) =>
    and(eq(payoutAccounts.userId, userId), isNull(payoutAccounts.removedAt));

  return {
    /** The member's live accounts, oldest first; of one type when `merchantCode` is given. */
    async listLive(userId: number, merchantCode?: number): Promise<PayoutAccountRow[]> {
      return db
        .select()
        .from(payoutAccounts)
        .where(
          merchantCode === undefined
            ? live(userId)
            : and(live(userId), eq(payoutAccounts.merchantCode, merchantCode)),
        )
        .orderBy(asc(payoutAccounts.createdAt), asc(payoutAccounts.id));
    },

    /** The member's live account with this id; another member's is not found. */
    async findLive(userId: number, accountId: number): Promise<PayoutAccountRow | undefined> {
      const [row] = await db
        .select()
        .from(payoutAccounts)
        .where(and(live(userId), eq(payoutAccounts.id, accountId)));
      return row;
    },

    /**
     * Inserts the account unless its slot or its number is already taken by a live account of
     * the same member and type; null when either is.
     */
    async insertUnlessTaken(values: NewPayoutAccount): Promise<PayoutAccountRow | null> {
      const [row] = await db
        .insert(payoutAccounts)
        .values(values)
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    },

    /** Removes the member's live account; false when there is none with this id. */
    async remove(userId: number, accountId: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(payoutAccounts)
        .set({ removedAt: now })
        .where(and(live(userId), eq(payoutAccounts.id, accountId)))
        .returning({ id: payoutAccounts.id });
      return rows.length === 1;
    },
  };
}

export type PayoutAccountsRepository = ReturnType<typeof createPayoutAccountsRepository>;
