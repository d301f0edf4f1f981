import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { AppError } from '../../http/app-error';
import { ledgerAccounts, ledgerPostings, ledgerTransactions } from './ledger.schema';

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

const accountKey = (ref: AccountRef) =>
  'userId' in ref
    ? `u:${ref.userId}:${ref.bucket}:${ref.currencyId}`
    : `s:${ref.systemCode}:${ref.currencyId}`;

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

function digestOf(request: TransferRequest): string {
  const postings = request.postings
    .map((posting) => `${accountKey(posting.account)}=${posting.amount}`)
    .sort();
  return createHash('sha256')
    .update(JSON.stringify([request.kind, request.reference ?? null, postings]))
    .digest('hex');
}

/**
 * The double-entry ledger. Every change of a balance is one transaction of postings that sum to
 * zero per currency, applied once per idempotency key; balances are kept on the account rows
 * and equal the sum of their postings (`ledger:check` proves it).
 */
export function createLedger(db: Database) {
  async function ensureAccounts(tx: Database, refs: AccountRef[]): Promise<Map<string, number>> {
    // Sorted, so concurrent transfers create missing accounts in the same order and cannot
    // deadlock on each other's new rows.
    const unique = new Map(
      refs
        .map((ref) => [accountKey(ref), ref] as const)
        .sort(([left], [right]) => left.localeCompare(right)),
    );
    const rows = [...unique.values()].map((ref) =>
      'userId' in ref
        ? { userId: ref.userId, bucket: ref.bucket, currencyId: ref.currencyId }
        : { systemCode: ref.systemCode, bucket: 'main', currencyId: ref.currencyId },
    );
    await tx.insert(ledgerAccounts).values(rows).onConflictDoNothing();
    const ids = new Map<string, number>();
    for (const [key, ref] of unique) {
      const [row] = await tx
        .select({ id: ledgerAccounts.id })
        .from(ledgerAccounts)
        .where(
          'userId' in ref
            ? and(
                eq(ledgerAccounts.userId, ref.userId),
                eq(ledgerAccounts.bucket, ref.bucket),
                eq(ledgerAccounts.currencyId, ref.currencyId),
              )
            : and(
                eq(ledgerAccounts.systemCode, ref.systemCode),
                eq(ledgerAccounts.currencyId, ref.currencyId),
              ),
        );
      if (!row) throw new Error(`ledger account ${key} missing after insert`);
      ids.set(key, row.id);
    }
    return ids;
  }

  /**
   * Applies a transfer once inside the caller's transaction, so that a domain row (a withdrawal,
   * an order) and its money movement commit or roll back together. A retry with the same key and
   * postings answers the first transaction (`replayed`); the same key with other postings is
   * refused.
   */
  async function transferWithin(
    tx: Database,
    request: TransferRequest,
  ): Promise<{ transactionId: number; replayed: boolean }> {
    assertBalanced(request);
    const requestDigest = digestOf(request);
    const [inserted] = await tx
      .insert(ledgerTransactions)
      .values({
        idempotencyKey: request.idempotencyKey,
        kind: request.kind,
        requestDigest,
        reference: request.reference ?? null,
        metadata: request.metadata ?? null,
      })
      .onConflictDoNothing({ target: ledgerTransactions.idempotencyKey })
      .returning({ id: ledgerTransactions.id });
    if (!inserted) {
      const [existing] = await tx
        .select()
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.idempotencyKey, request.idempotencyKey));
      if (!existing || existing.requestDigest !== requestDigest)
        throw new AppError('IDEMPOTENCY_CONFLICT');
      return { transactionId: existing.id, replayed: true };
    }

    const ids = await ensureAccounts(
      tx,
      request.postings.map((p) => p.account),
    );
    // Lock every touched account in id order, so two transfers over the same accounts
    // always queue in the same order and can never deadlock.
    const locked = await tx
      .select({
        id: ledgerAccounts.id,
        userId: ledgerAccounts.userId,
        balance: ledgerAccounts.balance,
      })
      .from(ledgerAccounts)
      .where(inArray(ledgerAccounts.id, [...new Set(ids.values())]))
      .orderBy(ledgerAccounts.id)
      .for('update');
    const deltas = new Map<number, number>();
    for (const posting of request.postings) {
      const id = ids.get(accountKey(posting.account)) as number;
      deltas.set(id, (deltas.get(id) ?? 0) + posting.amount);
    }
    for (const account of locked) {
      const next = account.balance + (deltas.get(account.id) ?? 0);
      if (account.userId !== null && next < 0) throw new AppError('INSUFFICIENT_FUNDS');
      if (!Number.isSafeInteger(next))
        throw new Error(`ledger account ${account.id} would overflow`);
    }
    for (const [id, delta] of deltas) {
      if (delta === 0) continue;
      await tx
        .update(ledgerAccounts)
        .set({ balance: sql`${ledgerAccounts.balance} + ${delta}`, updatedAt: sql`now()` })
        .where(eq(ledgerAccounts.id, id));
    }
    await tx.insert(ledgerPostings).values(
      request.postings.map((posting) => ({
        transactionId: inserted.id,
        accountId: ids.get(accountKey(posting.account)) as number,
        currencyId: posting.account.currencyId,
        amount: posting.amount,
      })),
    );
    return { transactionId: inserted.id, replayed: false };
  }

  return {
    transferWithin,

    /** Applies a transfer once, in a transaction of its own (see `transferWithin`). */
    transfer(request: TransferRequest): Promise<{ transactionId: number; replayed: boolean }> {
      return db.transaction((tx) => transferWithin(tx as unknown as Database, request));
    },

    /** A member's balances per currency, frozen included in `amount`. */
    async memberBalances(userId: number): Promise<MemberBalance[]> {
      const rows = await db
        .select({
          currencyId: ledgerAccounts.currencyId,
          bucket: ledgerAccounts.bucket,
          balance: ledgerAccounts.balance,
        })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.userId, userId));
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
    },
  };
}

export type Ledger = ReturnType<typeof createLedger>;
