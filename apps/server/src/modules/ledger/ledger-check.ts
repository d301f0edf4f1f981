import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';

export interface LedgerCheckResult {
  transactions: number;
  accounts: number;
  /** Transactions whose postings do not sum to zero in some currency. */
  unbalancedTransactions: Record<string, unknown>[];
  /** Accounts whose stored balance differs from the sum of their postings. */
  driftedAccounts: Record<string, unknown>[];
  /** Member accounts below zero. */
  negativeAccounts: Record<string, unknown>[];
  ok: boolean;
}

/** Proves the ledger's invariants over the whole database, answering any offending rows. */
export async function checkLedger(db: Database): Promise<LedgerCheckResult> {
  // Both drivers answer raw queries as `{ rows }`; the shared database type does not say so.
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const [counts] = await rows(sql`
    select (select count(*) from ledger_transactions)::int as transactions,
           (select count(*) from ledger_accounts)::int as accounts`);
  const unbalancedTransactions = await rows(sql`
    select t.id as transaction_id, t.idempotency_key, p.currency_id, sum(p.amount)::text as sum
    from ledger_transactions t left join ledger_postings p on p.transaction_id = t.id
    group by t.id, t.idempotency_key, p.currency_id
    having p.currency_id is null or sum(p.amount) <> 0
    limit 100`);
  const driftedAccounts = await rows(sql`
    select a.id as account_id, a.balance::text as balance, coalesce(sum(p.amount), 0)::text as postings
    from ledger_accounts a left join ledger_postings p on p.account_id = a.id
    group by a.id, a.balance
    having a.balance <> coalesce(sum(p.amount), 0)
    limit 100`);
  const negativeAccounts = await rows(sql`
    select id as account_id, user_id, currency_id, balance::text as balance
    from ledger_accounts where user_id is not null and balance < 0
    limit 100`);
  return {
    transactions: Number(counts?.transactions ?? 0),
    accounts: Number(counts?.accounts ?? 0),
    unbalancedTransactions,
    driftedAccounts,
    negativeAccounts,
    ok:
      unbalancedTransactions.length === 0 &&
      driftedAccounts.length === 0 &&
      negativeAccounts.length === 0,
  };
}
