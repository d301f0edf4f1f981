import { and, asc, eq, gt, inArray, isNotNull, min, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { inWindow, type LedgerWindow } from './ledger.repository';
import { ledgerAccounts, ledgerPostings, ledgerTransactions } from './ledger.schema';

/** A grouping of transaction times: whole `periodMs` since the epoch, shifted by `offsetMs`. */
export interface WagerPeriod {
  periodMs: number;
  offsetMs: number;
}

/**
 * The period of a transaction's time, or 0 for the whole window. Written into the text, not
 * passed as parameters: the grouping must be the selected expression itself, which two
 * parameters of the same value are not to PostgreSQL.
 */
function periodOf(period: WagerPeriod | undefined): SQL<number> {
  if (!period) return sql<number>`0`;
  const whole = (value: number) => {
    if (!Number.isSafeInteger(value)) throw new Error(`a period needs whole ms, got ${value}`);
    return sql.raw(String(value));
  };
  return sql<number>`floor((extract(epoch from ${ledgerTransactions.createdAt}) * 1000 + ${whole(period.offsetMs)}) / ${whole(period.periodMs)})::int`;
}

/**
 * The wagering record's queries (wagering.ts says what the kinds mean): sums of postings over
 * the transactions of the record's kinds. No rules live here.
 */
/**
 * Postings summed per period, kind and currency over the transactions of `kinds` in a window:
 * the one shape of the record's sums, with the caller's sums and the postings it keeps.
 */
async function sumsByKind<Sums extends Record<string, SQL<number>>>(
  db: Database,
  sums: Sums,
  postings: SQL | undefined,
  query: {
    kinds: readonly string[];
    currencyId?: number | undefined;
    window?: LedgerWindow | undefined;
    period?: WagerPeriod | undefined;
  },
) {
  if (query.kinds.length === 0) return [];
  const period = periodOf(query.period);
  return db
    .select({
      period: period.mapWith(Number),
      kind: ledgerTransactions.kind,
      currencyId: ledgerPostings.currencyId,
      ...sums,
    })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
    .where(
      and(
        postings,
        inArray(ledgerTransactions.kind, [...query.kinds]),
        query.currencyId === undefined
          ? undefined
          : eq(ledgerPostings.currencyId, query.currencyId),
        ...inWindow(query.window),
      ),
    )
    .groupBy(...(query.period ? [period] : []), ledgerTransactions.kind, ledgerPostings.currencyId);
}

export function createWageringRepository(db: Database) {
  return {
    /**
     * Sums of one member's postings per period, kind and currency over the transactions of
     * `kinds` in a window.
     */
    memberSums(query: {
      userId: number;
      kinds: readonly string[];
      currencyId?: number | undefined;
      window?: LedgerWindow | undefined;
      period?: WagerPeriod | undefined;
    }) {
      return sumsByKind(
        db,
        { amount: sql<number>`sum(${ledgerPostings.amount})`.mapWith(Number) },
        eq(ledgerAccounts.userId, query.userId),
        query,
      );
    },

    /**
     * The whole book's sums per period, kind and currency over the transactions of `kinds` in a
     * window: `member`, the postings on members' accounts, and `held`, those on the account
     * `heldAccount` that keeps stakes until their wager is decided.
     */
    bookSums(query: {
      kinds: readonly string[];
      heldAccount: string;
      currencyId?: number | undefined;
      window?: LedgerWindow | undefined;
      period?: WagerPeriod | undefined;
    }) {
      const total = (condition: SQL) =>
        sql<number>`coalesce(sum(${ledgerPostings.amount}) filter (where ${condition}), 0)`.mapWith(
          Number,
        );
      return sumsByKind(
        db,
        {
          member: total(isNotNull(ledgerAccounts.userId)),
          held: total(eq(ledgerAccounts.systemCode, query.heldAccount)),
        },
        undefined,
        query,
      );
    },

    /**
     * The sum of a member's postings per reference over the transactions of `kinds` that name
     * one of `references` (every currency: a wager has one). A reference without any is absent.
     */
    async memberSumsByReference(query: {
      userId: number;
      kinds: readonly string[];
      references: readonly string[];
      /** Only the member's postings to this bucket; every bucket when left out. */
      bucket?: string;
    }): Promise<{ reference: string; amount: number }[]> {
      if (query.kinds.length === 0 || query.references.length === 0) return [];
      const rows = await db
        .select({
          reference: sql<string>`${ledgerTransactions.reference}`,
          amount: sql<number>`sum(${ledgerPostings.amount})`.mapWith(Number),
        })
        .from(ledgerTransactions)
        .innerJoin(ledgerPostings, eq(ledgerPostings.transactionId, ledgerTransactions.id))
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
        .where(
          and(
            // One parameter whatever the number of references.
            sql`${ledgerTransactions.reference} in (select jsonb_array_elements_text(${JSON.stringify(query.references)}::jsonb))`,
            eq(ledgerAccounts.userId, query.userId),
            query.bucket === undefined ? undefined : eq(ledgerAccounts.bucket, query.bucket),
            inArray(ledgerTransactions.kind, [...query.kinds]),
          ),
        )
        .groupBy(ledgerTransactions.reference);
      return rows;
    },
  };
}

/**
 * Transactions of `kinds` (the kinds that decide a wager) after the transaction `afterId`, in
 * id order, at most `limit`, with the wager's reference; `aged` tells whether the transaction
 * began at least `agedMs` before now on the database's clock (wagering.ts says why).
 */
export async function decidedTransactions(
  db: Database,
  query: { kinds: readonly string[]; afterId: number; limit: number; agedMs: number },
): Promise<{ id: number; kind: string; reference: string; aged: boolean }[]> {
  if (query.kinds.length === 0) return [];
  const rows = await db
    .select({
      id: ledgerTransactions.id,
      kind: ledgerTransactions.kind,
      reference: sql<string>`${ledgerTransactions.reference}`,
      aged: sql<boolean>`${ledgerTransactions.createdAt} <= now() - (${query.agedMs}::bigint * interval '1 millisecond')`,
    })
    .from(ledgerTransactions)
    .where(
      and(
        gt(ledgerTransactions.id, query.afterId),
        inArray(ledgerTransactions.kind, [...query.kinds]),
        isNotNull(ledgerTransactions.reference),
      ),
    )
    .orderBy(asc(ledgerTransactions.id))
    .limit(query.limit);
  return rows.map((row) => ({ ...row, aged: row.aged === true || String(row.aged) === 't' }));
}

/**
 * Per reference of `references`, member and currency, what the stake transactions of `kinds`
 * took from the member (held less given back: the stake that stood) and the first of them.
 */
export async function stakesOfReferences(
  db: Database,
  query: { kinds: readonly string[]; references: readonly string[] },
): Promise<
  {
    reference: string;
    userId: number;
    currencyId: number;
    staked: number;
    firstTransactionId: number;
  }[]
> {
  if (query.kinds.length === 0 || query.references.length === 0) return [];
  return db
    .select({
      reference: sql<string>`${ledgerTransactions.reference}`,
      userId: sql<number>`${ledgerAccounts.userId}`.mapWith(Number),
      currencyId: ledgerPostings.currencyId,
      staked: sql<number>`-sum(${ledgerPostings.amount})`.mapWith(Number),
      firstTransactionId: sql<number>`${min(ledgerTransactions.id)}`.mapWith(Number),
    })
    .from(ledgerTransactions)
    .innerJoin(ledgerPostings, eq(ledgerPostings.transactionId, ledgerTransactions.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(
      and(
        sql`${ledgerTransactions.reference} in (select jsonb_array_elements_text(${JSON.stringify(query.references)}::jsonb))`,
        isNotNull(ledgerAccounts.userId),
        inArray(ledgerTransactions.kind, [...query.kinds]),
      ),
    )
    .groupBy(ledgerTransactions.reference, ledgerAccounts.userId, ledgerPostings.currencyId);
}

export type WageringRepository = ReturnType<typeof createWageringRepository>;
