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
  /** Entity accounts (a campaign's budget, a market's escrow) below zero. */
  negativeEntityAccounts: Record<string, unknown>[];
  /** Postings on a bonus, game, market capital or entity account by a kind that may not move it. */
  misbookedPostings: Record<string, unknown>[];
  /** Entity accounts moved after the transaction that closed them, or closed with money left. */
  closedEntitiesMoved: Record<string, unknown>[];
  ok: boolean;
}

/** Proves the ledger's invariants over the whole database, answering any offending rows. */
export async function checkLedger(db: Database): Promise<LedgerCheckResult> {
  const { counts, ...findings } = await ledgerCheckRows(db);
  return {
    transactions: Number(counts?.transactions ?? 0),
    accounts: Number(counts?.accounts ?? 0),
    ...findings,
    ok: Object.values(findings).every((rows) => rows.length === 0),
  };
}
