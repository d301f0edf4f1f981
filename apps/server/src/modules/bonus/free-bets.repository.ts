import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { bonusFreeBets, type FreeBetRow } from './bonus.schema';

type NewFreeBet = typeof bonusFreeBets.$inferInsert;

/** Free bets' queries (docs/promotions.md, Free bets), on the database or a transaction. */
export function createFreeBetsRepository(db: Database) {
  return {
    /** Inserts a free bet unless its source key is taken; undefined when it is. */
    async insert(executor: Database, values: NewFreeBet): Promise<FreeBetRow | undefined> {
      const [row] = await executor
        .insert(bonusFreeBets)
        .values(values)
        .onConflictDoNothing({ target: bonusFreeBets.sourceKey })
        .returning();
      return row;
    },

    async findBySourceKey(executor: Database, key: string): Promise<FreeBetRow | undefined> {
      const [row] = await executor
        .select()
        .from(bonusFreeBets)
        .where(eq(bonusFreeBets.sourceKey, key));
      return row;
    },

    /** Locks the free bet's row until the transaction ends and answers it as it stands then. */
    async lock(tx: Database, id: number): Promise<FreeBetRow | undefined> {
      const [row] = await tx
        .select()
        .from(bonusFreeBets)
        .where(eq(bonusFreeBets.id, id))
        .for('update');
      return row;
    },

    /** Marks an available free bet used by the order; false when it was not available. */
    async markUsed(
      tx: Database,
      id: number,
      order: { id: number; orderNo: string },
      at: Date,
    ): Promise<boolean> {
      const rows = await tx
        .update(bonusFreeBets)
        .set({
          status: 'used',
          orderId: order.id,
          orderNo: order.orderNo,
          usedAt: at,
          everUsed: true,
        })
        .where(and(eq(bonusFreeBets.id, id), eq(bonusFreeBets.status, 'available')))
        .returning({ id: bonusFreeBets.id });
      return rows.length > 0;
    },

    /** Makes the free bet the order held available again; false when the order did not hold it. */
    async markAvailable(tx: Database, id: number, orderId: number): Promise<boolean> {
      const rows = await tx
        .update(bonusFreeBets)
        .set({ status: 'available', orderId: null, orderNo: null, usedAt: null, winnings: 0 })
        .where(
          and(
            eq(bonusFreeBets.id, id),
            eq(bonusFreeBets.status, 'used'),
            eq(bonusFreeBets.orderId, orderId),
          ),
        )
        .returning({ id: bonusFreeBets.id });
      return rows.length > 0;
    },

    /** Claims the expiry of an available free bet due by `at`; the row, or undefined. */
    async claimExpiry(tx: Database, id: number, at: Date): Promise<FreeBetRow | undefined> {
      const [row] = await tx
        .update(bonusFreeBets)
        .set({ status: 'expired', expiredAt: at })
        .where(
          and(
            eq(bonusFreeBets.id, id),
            eq(bonusFreeBets.status, 'available'),
            lte(bonusFreeBets.expiresAt, at),
          ),
        )
        .returning();
      return row;
    },

    async setWinnings(tx: Database, id: number, winnings: number): Promise<void> {
      await tx.update(bonusFreeBets).set({ winnings }).where(eq(bonusFreeBets.id, id));
    },

    /** Marks a campaign's free bets as of a closed budget. */
    async closeCampaign(tx: Database, campaignId: number): Promise<void> {
      await tx
        .update(bonusFreeBets)
        .set({ budgetOpen: false })
        .where(and(eq(bonusFreeBets.campaignId, campaignId), eq(bonusFreeBets.budgetOpen, true)));
    },

    /** Available free bets past their expiry at `at`, soonest first, at most `limit`. */
    async dueForExpiry(at: Date, limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: bonusFreeBets.id })
        .from(bonusFreeBets)
        .where(and(eq(bonusFreeBets.status, 'available'), lte(bonusFreeBets.expiresAt, at)))
        .orderBy(asc(bonusFreeBets.expiresAt), asc(bonusFreeBets.id))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /**
     * A member's free bets: available first, soonest to expire first, then used and expired,
     * newest first.
     */
    async page(filter: {
      userId: number;
      status?: string | undefined;
      offset: number;
      limit: number;
    }): Promise<{ rows: FreeBetRow[]; total: number }> {
      const where = and(
        eq(bonusFreeBets.userId, filter.userId),
        filter.status === undefined ? undefined : eq(bonusFreeBets.status, filter.status),
      );
      const [rows, [count]] = await Promise.all([
        db
          .select()
          .from(bonusFreeBets)
          .where(where)
          .orderBy(
            sql`case when ${bonusFreeBets.status} = 'available' then 0 else 1 end`,
            sql`case when ${bonusFreeBets.status} = 'available' then ${bonusFreeBets.expiresAt} end asc`,
            desc(bonusFreeBets.grantedAt),
            desc(bonusFreeBets.id),
          )
          .offset(filter.offset)
          .limit(filter.limit),
        db
          .select({ total: sql<number>`count(*)`.mapWith(Number) })
          .from(bonusFreeBets)
          .where(where),
      ]);
      return { rows, total: count?.total ?? 0 };
    },

    /**
     * A member's free bets, or a campaign's, newest first: by id, which follows the grant, so the
     * member's (`bonus_free_bets_member`) or the campaign's index picks the rows and the primary
     * key orders them.
     */
    async deskPage(filter: {
      userId?: number | undefined;
      campaignId?: number | undefined;
      status?: string | undefined;
      offset: number;
      limit: number;
    }): Promise<{ rows: FreeBetRow[]; total: number }> {
      const where = and(
        filter.userId === undefined ? undefined : eq(bonusFreeBets.userId, filter.userId),
        filter.campaignId === undefined
          ? undefined
          : eq(bonusFreeBets.campaignId, filter.campaignId),
        filter.status === undefined ? undefined : eq(bonusFreeBets.status, filter.status),
      );
      const [rows, [count]] = await Promise.all([
        db
          .select()
          .from(bonusFreeBets)
          .where(where)
          .orderBy(desc(bonusFreeBets.id))
          .offset(filter.offset)
          .limit(filter.limit),
        db
          .select({ total: sql<number>`count(*)`.mapWith(Number) })
          .from(bonusFreeBets)
          .where(where),
      ]);
      return { rows, total: count?.total ?? 0 };
    },

    /** Per campaign: free bets granted, ever staked, won, expired, and what the wins paid. */
    async figures(campaignIds: readonly number[]) {
      if (campaignIds.length === 0) return [];
      return db
        .select({
          campaignId: bonusFreeBets.campaignId,
          granted: sql<number>`count(*)`.mapWith(Number),
          used: sql<number>`count(*) filter (where ${bonusFreeBets.everUsed})`.mapWith(Number),
          won: sql<number>`count(*) filter (where ${bonusFreeBets.winnings} > 0)`.mapWith(Number),
          expired: sql<number>`count(*) filter (where ${bonusFreeBets.status} = 'expired')`.mapWith(
            Number,
          ),
          winnings: sql<number>`coalesce(sum(${bonusFreeBets.winnings}), 0)`.mapWith(Number),
        })
        .from(bonusFreeBets)
        .where(inArray(bonusFreeBets.campaignId, [...campaignIds]))
        .groupBy(bonusFreeBets.campaignId);
    },
  };
}

export type FreeBetsRepository = ReturnType<typeof createFreeBetsRepository>;
