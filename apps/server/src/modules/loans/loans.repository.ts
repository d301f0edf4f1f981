import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { idArrayParam } from '../../db/statement';
import { repositoryWithTransaction } from '../../db/transaction';
import { loanAccounts, loanLimitChanges, loanRecords, loanSettings } from './loans.schema';

export type LoanAccountRow = typeof loanAccounts.$inferSelect;
export type LoanRecordRow = typeof loanRecords.$inferSelect;
export type NewLoanRecord = typeof loanRecords.$inferInsert;

export const loansEnabledKey = 'loans_enabled';

export interface LoanRecordFilter {
  userId: number;
  currencyId?: number | undefined;
  /** Epoch milliseconds, inclusive. */
  from?: number | undefined;
  /** Epoch milliseconds, exclusive. */
  until?: number | undefined;
}

function recordConditions(filter: LoanRecordFilter): SQL | undefined {
  return and(
    eq(loanRecords.userId, filter.userId),
    filter.currencyId === undefined ? undefined : eq(loanRecords.currencyId, filter.currencyId),
    filter.from === undefined ? undefined : gte(loanRecords.createdAt, new Date(filter.from)),
    filter.until === undefined ? undefined : lt(loanRecords.createdAt, new Date(filter.until)),
  );
}

/** Queries on the loan tables, on the database or inside a transaction; no rules live here. */
function createLoanQueries(db: Database) {
  /** The member's credit line in a currency, locked until the transaction ends. */
  async function lockAccount(
    userId: number,
    currencyId: number,
  ): Promise<LoanAccountRow | undefined> {
    const [row] = await db
      .select()
      .from(loanAccounts)
      .where(and(eq(loanAccounts.userId, userId), eq(loanAccounts.currencyId, currencyId)))
      .for('update');
    return row;
  }

  return {
    /** Whether the site has loans on; no row means off. */
    async readLoansEnabled(): Promise<boolean> {
      const [row] = await db
        .select({ value: loanSettings.value })
        .from(loanSettings)
        .where(eq(loanSettings.key, loansEnabledKey));
      return row?.value === true;
    },

    async writeLoansEnabled(isEnabled: boolean, operatorId: number | null, now: Date) {
      await db
        .insert(loanSettings)
        .values({ key: loansEnabledKey, value: isEnabled, updatedBy: operatorId, updatedAt: now })
        .onConflictDoUpdate({
          target: loanSettings.key,
          set: { value: isEnabled, updatedBy: operatorId, updatedAt: now },
        });
    },

    lockAccount,

    /** Creates the credit line at limit 0 unless it exists, then locks it. */
    async lockOrCreateAccount(userId: number, currencyId: number): Promise<LoanAccountRow> {
      await db.insert(loanAccounts).values({ userId, currencyId }).onConflictDoNothing();
      const row = await lockAccount(userId, currencyId);
      if (!row) throw new Error(`loan account ${userId}/${currencyId} missing after insert`);
      return row;
    },

    async setCreditLimit(userId: number, currencyId: number, creditLimit: number, now: Date) {
      await db
        .update(loanAccounts)
        .set({ creditLimit, updatedAt: now })
        .where(and(eq(loanAccounts.userId, userId), eq(loanAccounts.currencyId, currencyId)));
    },

    async addOutstanding(userId: number, currencyId: number, change: number, now: Date) {
      const [row] = await db
        .update(loanAccounts)
        .set({ outstanding: sql`${loanAccounts.outstanding} + ${change}`, updatedAt: now })
        .where(and(eq(loanAccounts.userId, userId), eq(loanAccounts.currencyId, currencyId)))
        .returning({ outstanding: loanAccounts.outstanding });
      if (!row) throw new Error(`loan account ${userId}/${currencyId} missing`);
      return row.outstanding;
    },

    async insertLimitChange(values: typeof loanLimitChanges.$inferInsert) {
      await db.insert(loanLimitChanges).values(values);
    },

    async findRecordByKey(userId: number, idempotencyKey: string) {
      const [row] = await db
        .select()
        .from(loanRecords)
        .where(and(eq(loanRecords.userId, userId), eq(loanRecords.idempotencyKey, idempotencyKey)));
      return row;
    },

    async insertRecord(values: NewLoanRecord): Promise<LoanRecordRow> {
      const [row] = await db.insert(loanRecords).values(values).returning();
      if (!row) throw new Error('insert into loan_records returned no row');
      return row;
    },

    async listRecords(filter: LoanRecordFilter, limit: number, offset: number) {
      return db
        .select()
        .from(loanRecords)
        .where(recordConditions(filter))
        .orderBy(desc(loanRecords.createdAt), desc(loanRecords.id))
        .limit(limit)
        .offset(offset);
    },

    async countRecords(filter: LoanRecordFilter): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(loanRecords)
        .where(recordConditions(filter));
      return row?.total ?? 0;
    },
  };
}

export type LoanQueries = ReturnType<typeof createLoanQueries>;

/**
 * Members' credit lines, with the loans switch read in the same statement, so a balance read
 * costs one query however many currencies the member has. Every balance answer and push reads
 * them, so the statements are prepared once: one for a member, one for several at once.
 */
export function prepareCreditLinesRead(db: Database) {
  const columns = {
    userId: loanAccounts.userId,
    currencyId: loanAccounts.currencyId,
    creditLimit: loanAccounts.creditLimit,
    outstanding: loanAccounts.outstanding,
    loansEnabled: sql<boolean>`coalesce((select ${loanSettings.value} = 'true'::jsonb
      from ${loanSettings} where ${loanSettings.key} = ${loansEnabledKey}), false)`,
  };
  const ofMember = db
    .select(columns)
    .from(loanAccounts)
    .where(eq(loanAccounts.userId, sql.placeholder('userId')))
    .prepare('loans_read_credit_lines');
  const ofMembers = db
    .select(columns)
    .from(loanAccounts)
    .where(sql`${loanAccounts.userId} = any(${sql.placeholder('userIds')}::bigint[])`)
    .prepare('loans_read_members_credit_lines');
  return {
    ofMember: (userId: number) => ofMember.execute({ userId }),
    ofMembers: (userIds: readonly number[]) =>
      ofMembers.execute({ userIds: idArrayParam(userIds) }),
  };
}

/**
 * The queries, and `transaction`: runs `work` in one transaction, with the queries and the
 * transaction for the ledger.
 */
export function createLoanRepository(db: Database) {
  return repositoryWithTransaction(db, createLoanQueries);
}

export type LoanRepository = ReturnType<typeof createLoanRepository>;
