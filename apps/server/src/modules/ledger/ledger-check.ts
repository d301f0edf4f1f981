import type { Database } from '../../db/database';
import { ledgerCheckRows } from './ledger.repository';

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
  const { counts, unbalancedTransactions, driftedAccounts, negativeAccounts } =
    await ledgerCheckRows(db);
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
