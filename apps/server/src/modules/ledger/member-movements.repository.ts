import { and, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { ledgerAccounts, ledgerPostings, ledgerTransactions } from './ledger.schema';

/** What a page of a member's balance movements asks for. */
export interface MemberMovementsQuery {
  userId: number;
  currencyId?: number | undefined;
  /** Transaction times from `from` (inclusive) until `until` (exclusive). */
  from?: Date | undefined;
  until?: Date | undefined;
  offset: number;
  limit: number;
}

/**
 * A page of the postings on a member's main (available) accounts, newest first, each with its
 * transaction's kind, reference and time and the balance it left; and how many in all. One
 * posting per transaction and account, so a row is one movement of one currency's balance.
 *
 * The balance left is the account's balance now less what the later postings on it added: the
 * first pages, the ones members read, then sum only the few postings after them.
 */
export async function memberMainMovements(db: Database, query: MemberMovementsQuery) {
  const where = and(
    eq(ledgerAccounts.userId, query.userId),
    eq(ledgerAccounts.bucket, 'main'),
    query.currencyId === undefined ? undefined : eq(ledgerAccounts.currencyId, query.currencyId),
    query.from ? gte(ledgerTransactions.createdAt, query.from) : undefined,
    query.until ? lt(ledgerTransactions.createdAt, query.until) : undefined,
  );
  const rows = await db
    .select({
      transactionId: ledgerTransactions.id,
      kind: ledgerTransactions.kind,
      reference: ledgerTransactions.reference,
      currencyId: ledgerPostings.currencyId,
      amount: ledgerPostings.amount,
      balanceAfter:
        sql<number>`${ledgerAccounts.balance} - (select coalesce(sum(later.amount), 0) from ledger_postings later where later.account_id = ${ledgerPostings.accountId} and later.id > ${ledgerPostings.id})`.mapWith(
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
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
    .where(where);
  return { rows, total: total?.rows ?? 0 };
}
