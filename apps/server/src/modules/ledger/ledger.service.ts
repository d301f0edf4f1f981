import { and, count, desc, eq, gte, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { idArrayParam, reusableStatement } from '../../db/statement';
import { AppError } from '../../http/app-error';
import { ledgerAccounts, ledgerPostings, ledgerTransactions } from './ledger.schema';
import {
  balanceSafeIntegerConstraint,
  brokenCheckOf,
  memberNotNegativeConstraint,
  prepareTransferStatement,
  requestDigestOf,
  runTransferStatement,
  type TransferStatementResult,
  transferValues,
} from './transfer-statement';

/** System accounts: the other side of every member movement. They may go below zero. */
export const systemAccountCodes = [
  'house',
  'stakes_held',
  'deposits_in_transit',
  'withdrawals_in_transit',
  /** Money paid out to members' own accounts: it has left the book. */
  'payouts_completed',
  'loans_receivable',
  'demo_issuer',
  /** The book's side of operators' manual adjustments of members' balances. */
  'adjustments',
] as const;
export type SystemAccountCode = (typeof systemAccountCodes)[number];

export type MemberBucket = 'main' | 'frozen';

export type AccountRef =
  | { userId: number; bucket: MemberBucket; currencyId: number }
  | { systemCode: SystemAccountCode; currencyId: number };

export interface Posting {
  account: AccountRef;
  /** Signed minor units. */
  amount: number;
}

export interface TransferRequest {
  idempotencyKey: string;
  kind: string;
  reference?: string;
  metadata?: Record<string, unknown>;
  postings: Posting[];
}

export interface MemberBalance {
  currencyId: number;
  /** Everything the member holds in the currency, frozen included. */
  amount: number;
  frozen: number;
}

/** Bound on postings per transaction: a parlay settles in a handful; more is a bug. */
const maxPostings = 64;

/** Throws on a request that could never balance; a bug in the caller, not a member's error. */
function assertBalanced(request: TransferRequest): void {
  if (request.postings.length < 2 || request.postings.length > maxPostings) {
    throw new Error(
      `ledger transfer needs 2..${maxPostings} postings, got ${request.postings.length}`,
    );
  }
  const sums = new Map<number, number>();
  for (const posting of request.postings) {
    if (!Number.isSafeInteger(posting.amount) || posting.amount === 0) {
      throw new Error(
        `ledger posting amount must be a non-zero safe integer, got ${posting.amount}`,
      );
    }
    const currencyId = posting.account.currencyId;
    sums.set(currencyId, (sums.get(currencyId) ?? 0) + posting.amount);
  }
  for (const [currencyId, sum] of sums) {
    if (sum !== 0)
      throw new Error(`ledger postings in currency ${currencyId} sum to ${sum}, not 0`);
  }
}

/** A member's account rows as balances per currency, frozen included in `amount`. */
function balancesOfRows(
  rows: readonly { currencyId: number; bucket: string; balance: number }[],
): MemberBalance[] {
  const byCurrency = new Map<number, MemberBalance>();
  for (const row of rows) {
    const entry = byCurrency.get(row.currencyId) ?? {
      currencyId: row.currencyId,
      amount: 0,
      frozen: 0,
    };
    entry.amount += row.balance;
    if (row.bucket === 'frozen') entry.frozen += row.balance;
    byCurrency.set(row.currencyId, entry);
  }
  return [...byCurrency.values()].sort((left, right) => left.currencyId - right.currencyId);
}

/**
 * The double-entry ledger. Every change of a balance is one transaction of postings that sum to
 * zero per currency, applied once per idempotency key; balances are kept on the account rows
 * and equal the sum of their postings (`ledger:check` proves it).
 */
export function createLedger(db: Database) {
  // Built once: on a caller's transaction it runs bound to that transaction's connection.
  const transferStatement = reusableStatement(prepareTransferStatement(db));
  // Every balance answer and push reads a member's accounts.
  const memberAccountsStatement = db
    .select({
      currencyId: ledgerAccounts.currencyId,
      bucket: ledgerAccounts.bucket,
      balance: ledgerAccounts.balance,
    })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.userId, sql.placeholder('userId')))
    .prepare('ledger_member_accounts');
  const membersAccountsStatement = db
    .select({
      userId: ledgerAccounts.userId,
      currencyId: ledgerAccounts.currencyId,
      bucket: ledgerAccounts.bucket,
      balance: ledgerAccounts.balance,
    })
    .from(ledgerAccounts)
    .where(sql`${ledgerAccounts.userId} = any(${sql.placeholder('userIds')}::bigint[])`)
    .prepare('ledger_members_accounts');

  /**
   * Applies a transfer once on `executor` (the database, or a caller's transaction) in a single
   * statement (see transfer-statement.ts). A retry with the same key and postings answers the
   * first transaction (`replayed`); the same key with other postings is refused.
   */
  async function applyTransfer(
    executor: Database,
    request: TransferRequest,
  ): Promise<{ transactionId: number; replayed: boolean }> {
    assertBalanced(request);
    const requestDigest = requestDigestOf(request);
    let applied: TransferStatementResult;
    try {
      applied = await runTransferStatement(
        transferStatement(executor),
        transferValues(request, requestDigest),
      );
    } catch (error) {
      const brokenCheck = brokenCheckOf(error);
      if (brokenCheck === memberNotNegativeConstraint) throw new AppError('INSUFFICIENT_FUNDS');
      if (brokenCheck === balanceSafeIntegerConstraint)
        throw new Error('ledger transfer would take a balance beyond a safe integer', {
          cause: error,
        });
      throw error;
    }
    if (applied.transactionId === null) {
      const [existing] = await executor
        .select({ id: ledgerTransactions.id, requestDigest: ledgerTransactions.requestDigest })
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.idempotencyKey, request.idempotencyKey));
      if (!existing || existing.requestDigest !== requestDigest)
        throw new AppError('IDEMPOTENCY_CONFLICT');
      return { transactionId: existing.id, replayed: true };
    }
    // The statement cannot commit fewer postings (see transfer-statement.ts); if this ever fires,
    // the statement itself is wrong and the ledger check will name the transaction.
    if (applied.postingCount !== request.postings.length)
      throw new Error(
        `ledger transaction ${applied.transactionId} wrote ${applied.postingCount} of ${request.postings.length} postings`,
      );
    return { transactionId: applied.transactionId, replayed: false };
  }

  /**
   * Applies a transfer once inside the caller's transaction, so that a domain row (a withdrawal,
   * an order) and its money movement commit or roll back together. It runs under a savepoint:
   * a refusal (which fails its statement) takes back the transfer alone, and the caller's
   * transaction stays usable, to record the refusal for instance.
   *
   * A caller whose whole transaction ends with a refusal (a bet's stake, say) passes
   * `isRefusalFinal`: the savepoint and its release, two of the few round trips such a
   * transaction makes, are left out, and a refusal aborts the caller's transaction.
   */
  function transferWithin(
    tx: Database,
    request: TransferRequest,
    options: { isRefusalFinal?: boolean } = {},
  ): Promise<{ transactionId: number; replayed: boolean }> {
    if (options.isRefusalFinal) return applyTransfer(tx, request);
    return tx.transaction((savepoint) => applyTransfer(savepoint as unknown as Database, request));
  }

  return {
    transferWithin,

    /**
     * Applies a transfer once. Its one statement is a transaction of its own, so it needs no
     * explicit one (see `applyTransfer`).
     */
    transfer(request: TransferRequest): Promise<{ transactionId: number; replayed: boolean }> {
      return applyTransfer(db, request);
    },

    /** A member's movements, newest first: each posting on one of their accounts. */
    async memberStatement(query: {
      userId: number;
      currencyId?: number | undefined;
      offset: number;
      limit: number;
    }) {
      const where = and(
        eq(ledgerAccounts.userId, query.userId),
        query.currencyId === undefined
          ? undefined
          : eq(ledgerAccounts.currencyId, query.currencyId),
      );
      const rows = await db
        .select({
          transactionId: ledgerTransactions.id,
          kind: ledgerTransactions.kind,
          reference: ledgerTransactions.reference,
          currencyId: ledgerPostings.currencyId,
          bucket: ledgerAccounts.bucket,
          amount: ledgerPostings.amount,
          // The sum of the account's postings up to this one: the balance it left, with the
          // postings in the order the ledger numbered them (ledger:check holds the last one
          // equal to the account's balance).
          balanceAfter:
            sql<number>`(select coalesce(sum(earlier.amount), 0) from ledger_postings earlier where earlier.account_id = ${ledgerPostings.accountId} and earlier.id <= ${ledgerPostings.id})`.mapWith(
              Number,
            ),
          createdAt: ledgerTransactions.createdAt,
        })
        .from(ledgerPostings)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
        .where(where)
        .orderBy(desc(ledgerPostings.id))
        .offset(query.offset)
        .limit(query.limit);
      const [total] = await db
        .select({ rows: count() })
        .from(ledgerPostings)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
        .where(where);
      return {
        records: rows.map(({ createdAt, ...row }) => ({ ...row, at: createdAt.getTime() })),
        total: total?.rows ?? 0,
      };
    },

    /**
     * Sums per UTC day, system account and transaction kind of the postings on system accounts
     * in one currency over the last `days` days, today included: the raw figures of the back
     * office's dashboard. Days are read on the database's clock, the one that stamps the
     * transactions, and `today` says which day that clock is on.
     */
    async dailySystemFlows(currencyId: number, days: number) {
      const day = sql<string>`to_char(${ledgerTransactions.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
      const [clock] = (
        (await db.execute(
          sql`select to_char(now() at time zone 'UTC', 'YYYY-MM-DD') as today`,
        )) as unknown as { rows: { today: string }[] }
      ).rows;
      if (!clock) throw new Error('the database did not tell its date');
      const since = sql`((now() at time zone 'UTC')::date - ${days - 1}::int)::timestamp at time zone 'UTC'`;
      const rows = await db
        .select({
          day,
          systemCode: ledgerAccounts.systemCode,
          kind: ledgerTransactions.kind,
          amount: sql<string>`sum(${ledgerPostings.amount})`,
        })
        .from(ledgerPostings)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
        .where(
          and(
            eq(ledgerPostings.currencyId, currencyId),
            isNotNull(ledgerAccounts.systemCode),
            gte(ledgerTransactions.createdAt, since),
          ),
        )
        .groupBy(day, ledgerAccounts.systemCode, ledgerTransactions.kind);
      return {
        today: clock.today,
        flows: rows.map((row) => ({ ...row, amount: Number(row.amount) })),
      };
    },

    /** A member's balances per currency, frozen included in `amount`. */
    async memberBalances(userId: number): Promise<MemberBalance[]> {
      return balancesOfRows(await memberAccountsStatement.execute({ userId }));
    },

    /** The balances of several members in one read, by user id (none for a member without). */
    async membersBalances(userIds: readonly number[]): Promise<Map<number, MemberBalance[]>> {
      const rows = await membersAccountsStatement.execute({ userIds: idArrayParam(userIds) });
      const byMember = new Map<number, typeof rows>();
      for (const row of rows) {
        if (row.userId === null) continue;
        const list = byMember.get(row.userId) ?? [];
        list.push(row);
        byMember.set(row.userId, list);
      }
      return new Map([...byMember].map(([userId, own]) => [userId, balancesOfRows(own)]));
    },
  };
}

export type Ledger = ReturnType<typeof createLedger>;
