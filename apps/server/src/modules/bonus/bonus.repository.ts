import { and, asc, desc, eq, gt, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import {
  type BonusGrantRow,
  bonusCountedWagers,
  bonusGrants,
  bonusRolloverCursor,
  type NewBonusGrant,
} from './bonus.schema';

/** What a list of bonuses is filtered by. */
export interface BonusFilter {
  userId?: number | undefined;
  campaignId?: number | undefined;
  status?: string | undefined;
  /** Active ones first (the member's list), then newest. */
  isActiveFirst?: boolean;
  offset: number;
  limit: number;
}

const cursorRowId = 1;

/** The bonus module's queries, on the database or a caller's transaction. No rules live here. */
export function createBonusRepository(db: Database) {
  return {
    /** Inserts a grant unless its key is taken; undefined when it is. */
    async insertGrant(
      executor: Database,
      values: NewBonusGrant,
    ): Promise<BonusGrantRow | undefined> {
      const [row] = await executor
        .insert(bonusGrants)
        .values(values)
        .onConflictDoNothing({ target: bonusGrants.grantKey })
        .returning();
      return row;
    },

    async setGrantTransaction(executor: Database, id: number, transactionId: number) {
      await executor
        .update(bonusGrants)
        .set({ grantTransactionId: transactionId })
        .where(eq(bonusGrants.id, id));
    },

    async findByKey(executor: Database, grantKey: string): Promise<BonusGrantRow | undefined> {
      const [row] = await executor
        .select()
        .from(bonusGrants)
        .where(eq(bonusGrants.grantKey, grantKey));
      return row;
    },

    async findById(executor: Database, id: number): Promise<BonusGrantRow | undefined> {
      const [row] = await executor.select().from(bonusGrants).where(eq(bonusGrants.id, id));
      return row;
    },

    /** Which of `userIds` hold an active grant, and in which currencies: `user:currency`. */
    async activeHolders(userIds: readonly number[]): Promise<Set<string>> {
      if (userIds.length === 0) return new Set();
      const rows = await db
        .selectDistinct({ userId: bonusGrants.userId, currencyId: bonusGrants.currencyId })
        .from(bonusGrants)
        .where(and(eq(bonusGrants.status, 'active'), inArray(bonusGrants.userId, [...userIds])));
      return new Set(rows.map((row) => `${row.userId}:${row.currencyId}`));
    },

    /**
     * The smallest maximum stake over the member's active grants in the currency that set one
     * (above 0); 0 when none does.
     */
    async smallestActiveMaxStake(userId: number, currencyId: number): Promise<number> {
      const [row] = await db
        .select({ maxStake: sql<number | null>`min(${bonusGrants.maxStake})`.mapWith(Number) })
        .from(bonusGrants)
        .where(
          and(
            eq(bonusGrants.userId, userId),
            eq(bonusGrants.currencyId, currencyId),
            eq(bonusGrants.status, 'active'),
            gt(bonusGrants.maxStake, 0),
          ),
        );
      return row?.maxStake ?? 0;
    },

    /**
     * The member's oldest active grant in the currency booked before the ledger transaction
     * `beforeTransactionId` and not expired at `at`, locked for the caller's transaction.
     */
    async lockOldestActiveBefore(
      tx: Database,
      query: { userId: number; currencyId: number; beforeTransactionId: number; at: Date },
    ): Promise<BonusGrantRow | undefined> {
      const [row] = await tx
        .select()
        .from(bonusGrants)
        .where(
          and(
            eq(bonusGrants.userId, query.userId),
            eq(bonusGrants.currencyId, query.currencyId),
            eq(bonusGrants.status, 'active'),
            sql`${bonusGrants.grantTransactionId} < ${query.beforeTransactionId}`,
            gt(bonusGrants.expiresAt, query.at),
          ),
        )
        .orderBy(asc(bonusGrants.id))
        .limit(1)
        .for('update');
      return row;
    },

    /** Which of `references` of `product` are already counted. */
    async countedReferences(product: string, references: readonly string[]): Promise<Set<string>> {
      if (references.length === 0) return new Set();
      const rows = await db
        .select({ reference: bonusCountedWagers.reference })
        .from(bonusCountedWagers)
        .where(
          and(
            eq(bonusCountedWagers.product, product),
            inArray(bonusCountedWagers.reference, [...references]),
          ),
        );
      return new Set(rows.map((row) => row.reference));
    },

    /** Records a wager as counted unless it already is; whether this call recorded it. */
    async insertCounted(
      tx: Database,
      values: { grantId: number; product: string; reference: string; amount: number; at: Date },
    ): Promise<boolean> {
      const rows = await tx
        .insert(bonusCountedWagers)
        .values({
          grantId: values.grantId,
          product: values.product,
          reference: values.reference,
          amount: values.amount,
          countedAt: values.at,
        })
        .onConflictDoNothing({ target: [bonusCountedWagers.product, bonusCountedWagers.reference] })
        .returning({ id: bonusCountedWagers.id });
      return rows.length > 0;
    },

    /** Adds to an active grant's counted stakes; its row after, undefined if no longer active. */
    async addCounted(tx: Database, id: number, amount: number): Promise<BonusGrantRow | undefined> {
      const [row] = await tx
        .update(bonusGrants)
        .set({ counted: sql`${bonusGrants.counted} + ${amount}` })
        .where(and(eq(bonusGrants.id, id), eq(bonusGrants.status, 'active')))
        .returning();
      return row;
    },

    /**
     * The claim on a grant's end: moves it from active to `status` in one statement, so of a
     * conversion, an expiry and a forfeit racing, exactly one finds it active. Its row after
     * (with `budget_open` as it stands once any close before it committed), undefined for the
     * others. An expiry claims only a grant past its expiry at `dueAt`.
     */
    async claimEnd(
      tx: Database,
      query: { id: number; status: string; at: Date; reason?: string | null; dueAt?: Date },
    ): Promise<BonusGrantRow | undefined> {
      const [row] = await tx
        .update(bonusGrants)
        .set({ status: query.status, endedAt: query.at, reason: query.reason ?? null })
        .where(
          and(
            eq(bonusGrants.id, query.id),
            eq(bonusGrants.status, 'active'),
            query.dueAt ? lte(bonusGrants.expiresAt, query.dueAt) : undefined,
          ),
        )
        .returning();
      return row;
    },

    /** Whether the member holds an active grant in the currency (read in the caller's `tx`). */
    async hasActive(tx: Database, userId: number, currencyId: number): Promise<boolean> {
      const [row] = await tx
        .select({ id: bonusGrants.id })
        .from(bonusGrants)
        .where(
          and(
            eq(bonusGrants.userId, userId),
            eq(bonusGrants.currencyId, currencyId),
            eq(bonusGrants.status, 'active'),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    async setEndedAmount(tx: Database, id: number, amount: number) {
      await tx.update(bonusGrants).set({ endedAmount: amount }).where(eq(bonusGrants.id, id));
    },

    /** Marks a campaign's grants as of a closed budget; locks each, waiting for an end in flight. */
    async closeCampaign(tx: Database, campaignId: number): Promise<number> {
      const rows = await tx
        .update(bonusGrants)
        .set({ budgetOpen: false })
        .where(and(eq(bonusGrants.campaignId, campaignId), eq(bonusGrants.budgetOpen, true)))
        .returning({ id: bonusGrants.id });
      return rows.length;
    },

    /** Active grants past their expiry at `at`, soonest first, at most `limit`. */
    async dueForExpiry(at: Date, limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: bonusGrants.id })
        .from(bonusGrants)
        .where(and(eq(bonusGrants.status, 'active'), lte(bonusGrants.expiresAt, at)))
        .orderBy(asc(bonusGrants.expiresAt), asc(bonusGrants.id))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /** Per campaign and status, the grants' amounts (what each end moved, once ended). */
    async sumsByCampaign(
      campaignIds: readonly number[],
    ): Promise<{ campaignId: number; status: string; amount: number }[]> {
      if (campaignIds.length === 0) return [];
      return db
        .select({
          campaignId: bonusGrants.campaignId,
          status: bonusGrants.status,
          amount:
            sql<number>`coalesce(sum(coalesce(${bonusGrants.endedAmount}, ${bonusGrants.amount})), 0)`.mapWith(
              Number,
            ),
        })
        .from(bonusGrants)
        .where(inArray(bonusGrants.campaignId, [...campaignIds]))
        .groupBy(bonusGrants.campaignId, bonusGrants.status);
    },

    /** A page of grants and how many match in all. */
    async page(filter: BonusFilter): Promise<{ rows: BonusGrantRow[]; total: number }> {
      const where = and(
        filter.userId === undefined ? undefined : eq(bonusGrants.userId, filter.userId),
        filter.campaignId === undefined ? undefined : eq(bonusGrants.campaignId, filter.campaignId),
        filter.status === undefined ? undefined : eq(bonusGrants.status, filter.status),
      );
      const order: SQL[] = filter.isActiveFirst
        ? [sql`(${bonusGrants.status} = 'active') desc`, desc(bonusGrants.id)]
        : [desc(bonusGrants.id)];
      const rows = await db
        .select()
        .from(bonusGrants)
        .where(where)
        .orderBy(...order)
        .offset(filter.offset)
        .limit(filter.limit);
      const [total] = await db
        .select({ rows: sql<number>`count(*)`.mapWith(Number) })
        .from(bonusGrants)
        .where(where);
      return { rows, total: total?.rows ?? 0 };
    },

    /** Where the rollover pass goes on from (0 before the first pass). */
    async cursor(): Promise<number> {
      const [row] = await db
        .select({ after: bonusRolloverCursor.afterTransactionId })
        .from(bonusRolloverCursor)
        .where(eq(bonusRolloverCursor.id, cursorRowId));
      return row?.after ?? 0;
    },

    /** Moves the cursor forward to `after` (never back: a slower pass leaves a faster one's). */
    async advanceCursor(after: number, at: Date): Promise<void> {
      await db
        .insert(bonusRolloverCursor)
        .values({ id: cursorRowId, afterTransactionId: after, updatedAt: at })
        .onConflictDoUpdate({
          target: bonusRolloverCursor.id,
          set: {
            afterTransactionId: sql`greatest(${bonusRolloverCursor.afterTransactionId}, excluded.after_transaction_id)`,
            updatedAt: at,
          },
        });
    },

    transaction: <T>(work: (tx: Database) => Promise<T>): Promise<T> => inTransaction(db, work),
  };
}

export type BonusRepository = ReturnType<typeof createBonusRepository>;
