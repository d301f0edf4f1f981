import type { Database } from '../../db/database';
import { reusableStatement } from '../../db/statement';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/app-error';
import {
  assertAccountFits,
  type EntityAccountCode,
  gameBucket,
  isEntityCode,
  type MemberBucket,
  memberBucketFamily,
  type SystemAccountCode,
  takesMainIntoProduct,
} from './accounts';
import { type BatchEntry, bookBatchStatements } from './batch.statement';
import { debitTransferOf, type MemberDebit } from './debit-gate';
import {
  createLedgerRepository,
  entityBalances,
  lockEntityBalance,
  lockMemberBalance,
  memberKindsTotal,
  memberMovementsOfReferences,
  metadataOfKind,
  transactionByKey,
} from './ledger.repository';
import { type MemberMovementsQuery, memberMainMovements } from './member-movements.repository';
import {
  balanceSafeIntegerConstraint,
  brokenCheckOf,
  entityNotNegativeConstraint,
  memberNotNegativeConstraint,
  prepareTransferStatement,
  requestDigestOf,
  runTransferStatement,
  type TransferStatementResult,
  transferValues,
} from './transfer.statement';
import { createWageringRecord, type WagerKindTable } from './wagering';

// The ledger's public entry: other modules import these from here, never the files behind them.
export {
  accountKinds,
  type EntityAccountCode,
  type GameBucket,
  gameBucket,
  type MarketCapitalBucket,
  type MarketEscrowCode,
  type MemberBucket,
  marketCapitalBucket,
  marketEscrow,
  type PromotionBudgetCode,
  promotionBudget,
  type SystemAccountCode,
  systemAccountCodes,
} from './accounts';
export { BatchKeyTakenError } from './batch.statement';
export type { DebitDestination, MemberDebit } from './debit-gate';
export { type HoldRequest, holdSteps, holdsParam } from './hold.statement';
export type { LedgerWindow } from './ledger.repository';
export { checkLedger, type LedgerCheckResult } from './ledger-check';
export type { MemberMovementsQuery } from './member-movements.repository';
export {
  type BookWageringFigures,
  type DecidedWager,
  type DecidedWagersPage,
  freeBetKinds,
  type WagerDecision,
  type WageringFigures,
  type WagerKind,
  type WagerKindTable,
  wagerKinds,
} from './wagering';

/**
 * A member account, a pooled system account or an entity account (accounts.ts): an entity's code
 * is built by `promotionBudget(…)` or `marketEscrow(…)`, a scoped bucket by `gameBucket(…)` or
 * `marketCapitalBucket(…)`.
 */
export type AccountRef =
  | { userId: number; bucket: MemberBucket; currencyId: number }
  | { systemCode: SystemAccountCode | EntityAccountCode; currencyId: number };

/**
 * An entity account (a campaign's budget, a market's escrow) would have gone below zero: the
 * entity has not the money. Nothing was written. The product answers it in its own words (a
 * campaign exhausted, a market unable to pay); `accounts` names the entity accounts the request
 * took from, one of which fell short.
 */
export class EntityFundsShortError extends Error {
  constructor(readonly accounts: readonly EntityAccountCode[]) {
    super(`an entity account would go below zero: ${accounts.join(', ')}`);
    this.name = 'EntityFundsShortError';
  }
}

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
  /** The member's cash in the currency: main and frozen. */
  amount: number;
  frozen: number;
  /** Promotion money not yet converted to cash (not in `amount`). */
  bonus: number;
  /** Moved into game providers' wallets, over every provider (not in `amount`). */
  inGames: number;
  /** Capital put up for the member's own markets, over every market (not in `amount`). */
  inMarkets: number;
}

/** Bound on postings per transaction: a parlay settles in a handful; more is a bug. */
const maxPostings = 64;

/**
 * Throws on a request that could never balance, that names an account not of the model or one
 * its kind may not move, or that spends a member's main money on a product line without the
 * debit gate (`viaGate`): a bug in the caller, not a member's error.
 */
function assertBalanced(request: TransferRequest, viaGate = false): void {
  if (!viaGate && takesMainIntoProduct(request.postings))
    throw new Error(`a ${request.kind} transaction spends main money: book it through the gate`);
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
    assertAccountFits(posting.account, request.kind);
    const currencyId = posting.account.currencyId;
    sums.set(currencyId, (sums.get(currencyId) ?? 0) + posting.amount);
  }
  for (const [currencyId, sum] of sums) {
    if (sum !== 0)
      throw new Error(`ledger postings in currency ${currencyId} sum to ${sum}, not 0`);
  }
}

/** The entity accounts a request takes from on balance: one of them fell short on a refusal. */
function entitiesTakenFrom(requests: readonly TransferRequest[]): EntityAccountCode[] {
  const deltas = new Map<EntityAccountCode, number>();
  for (const request of requests)
    for (const { account, amount } of request.postings)
      if ('systemCode' in account && isEntityCode(account.systemCode))
        deltas.set(account.systemCode, (deltas.get(account.systemCode) ?? 0) + amount);
  return [...deltas].filter(([, delta]) => delta < 0).map(([code]) => code);
}

/**
 * A member's account rows as balances per currency: main and frozen in `amount`, the other
 * buckets beside it.
 */
function balancesOfRows(
  rows: readonly { currencyId: number; bucket: string; balance: number }[],
): MemberBalance[] {
  const byCurrency = new Map<number, MemberBalance>();
  for (const row of rows) {
    const entry = byCurrency.get(row.currencyId) ?? {
      currencyId: row.currencyId,
      amount: 0,
      frozen: 0,
      bonus: 0,
      inGames: 0,
      inMarkets: 0,
    };
    const family = memberBucketFamily(row.bucket);
    if (family === 'main' || family === 'frozen') entry.amount += row.balance;
    if (family === 'frozen') entry.frozen += row.balance;
    else if (family === 'bonus') entry.bonus += row.balance;
    else if (family === 'game') entry.inGames += row.balance;
    else if (family === 'market') entry.inMarkets += row.balance;
    byCurrency.set(row.currencyId, entry);
  }
  return [...byCurrency.values()].sort((left, right) => left.currencyId - right.currencyId);
}

/**
 * A refusal the database raised for a booking of `requests`, as the ledger answers it; others
 * unchanged.
 */
function answerOfBrokenCheck(error: unknown, requests: readonly TransferRequest[]): unknown {
  const brokenCheck = brokenCheckOf(error);
  if (brokenCheck === memberNotNegativeConstraint) return new AppError('INSUFFICIENT_FUNDS');
  if (brokenCheck === entityNotNegativeConstraint)
    return new EntityFundsShortError(entitiesTakenFrom(requests));
  if (brokenCheck === balanceSafeIntegerConstraint)
    return new Error('ledger transfer would take a balance beyond a safe integer', {
      cause: error,
    });
  return error;
}

/**
 * The sum of a member's postings in one currency over the transactions of `kind`, read in the
 * caller's transaction (a debt recovery's, say: what the member has paid back so far).
 */
export function memberTotalOfKind(
  executor: Database,
  query: { userId: number; currencyId: number; kind: string },
): Promise<number> {
  const { userId, currencyId, kind } = query;
  return memberKindsTotal(executor, { userId, currencyId, kinds: [kind] });
}

/**
 * A page of a member's movements in the transactions naming one of `references` (a subquery
 * of the caller's: its order numbers, say), each summed over the member's postings per
 * currency, newest first; and how many in all.
 */
export function memberMovementsPage(
  db: Database,
  query: Parameters<typeof memberMovementsOfReferences>[1],
) {
  return memberMovementsOfReferences(db, query);
}

/**
 * The double-entry ledger. Every change of a balance is one transaction of postings that sum to
 * zero per currency, applied once per idempotency key; balances are kept on the account rows
 * and equal the sum of their postings (`ledger:check` proves it). It is the only reader and
 * writer of its tables (docs/ledger.md).
 */
export function createLedger(
  db: Database,
  /** The wagering record's kinds: the real table (wagering.ts) unless a test gives its own. */
  options: { wagerKinds?: WagerKindTable } = {},
) {
  const repository = createLedgerRepository(db);
  const wagering = createWageringRecord(db, options.wagerKinds);
  // Built once: on a caller's transaction it runs bound to that transaction's connection.
  const transferStatement = reusableStatement(prepareTransferStatement(db));

  /**
   * Applies a transfer once on `executor` (the database, or a caller's transaction) in a single
   * statement (see transfer.statement.ts). A retry with the same key and postings answers the
   * first transaction (`replayed`); the same key with other postings is refused.
   */
  async function applyTransfer(
    executor: Database,
    request: TransferRequest,
    viaGate = false,
  ): Promise<{ transactionId: number; replayed: boolean }> {
    assertBalanced(request, viaGate);
    const requestDigest = requestDigestOf(request);
    let applied: TransferStatementResult;
    try {
      applied = await runTransferStatement(
        transferStatement(executor),
        transferValues(request, requestDigest),
      );
    } catch (error) {
      throw answerOfBrokenCheck(error, [request]);
    }
    if (applied.transactionId === null) {
      const existing = await transactionByKey(executor, request.idempotencyKey);
      if (!existing || existing.requestDigest !== requestDigest)
        throw new AppError('IDEMPOTENCY_CONFLICT');
      return { transactionId: existing.id, replayed: true };
    }
    // The statement cannot commit fewer postings (see transfer.statement.ts); if this ever fires,
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
   *
   * `transferWithin` and the gate's `debitWithin` both book through here; only the gate
   * (`viaGate`) may spend a member's main money on a product line.
   */
  function bookWithin(
    tx: Database,
    request: TransferRequest,
    options: { isRefusalFinal?: boolean },
    viaGate: boolean,
  ): Promise<{ transactionId: number; replayed: boolean }> {
    if (options.isRefusalFinal) return applyTransfer(tx, request, viaGate);
    return inTransaction(tx, (savepoint) => applyTransfer(savepoint, request, viaGate));
  }

  return {
    transferWithin: (
      tx: Database,
      request: TransferRequest,
      options: { isRefusalFinal?: boolean } = {},
    ) => bookWithin(tx, request, options, false),

    /**
     * Applies a transfer once. Its one statement is a transaction of its own, so it needs no
     * explicit one (see `applyTransfer`).
     */
    transfer(request: TransferRequest): Promise<{ transactionId: number; replayed: boolean }> {
      return applyTransfer(db, request);
    },

    /**
     * The debit gate: every movement of a member's own money out of their main balance that is
     * booked on its own goes through here, inside the caller's transaction (debits composed into
     * one statement go through `holdSteps`, the gate in statement form), whatever the product:
     * a withdrawal frozen, a loan repaid, money into a game balance, a market's capital, a stake
     * into a market's escrow. A plain transfer or a batch that spends main money on a product
     * line is refused, so the gate is the one way. The checks that must hold in the same
     * transaction as the debit live here: today that the balance covers it (the member
     * account's check constraint, answered INSUFFICIENT_FUNDS). A loss limit or a self-exclusion
     * is checked here too, before the transfer, on `tx` (docs/ledger.md).
     */
    debitWithin(
      tx: Database,
      debit: MemberDebit,
      options: { isRefusalFinal?: boolean } = {},
    ): Promise<{ transactionId: number; replayed: boolean }> {
      return bookWithin(tx, debitTransferOf(debit), options, true);
    },

    /**
     * Books many balanced transactions inside the caller's transaction in a fixed number of
     * statements (batch.statement.ts), each under its own idempotency key with the digest
     * `transfer` would record. Nothing is replayed: a key the ledger already holds fails the
     * batch (`BatchKeyTakenError`), as does a member balance taken below zero
     * (INSUFFICIENT_FUNDS); the caller's transaction is then to be rolled back. Answers each
     * transaction id by idempotency key.
     */
    async bookBatchWithin(
      tx: Database,
      requests: readonly TransferRequest[],
    ): Promise<Map<string, number>> {
      const keys = new Set(requests.map((request) => request.idempotencyKey));
      if (keys.size !== requests.length)
        throw new Error('transactions booked together need idempotency keys of their own');
      const entries: BatchEntry[] = requests.map((request) => {
        assertBalanced(request);
        return { request, requestDigest: requestDigestOf(request) };
      });
      try {
        return await bookBatchStatements(tx, entries);
      } catch (error) {
        throw answerOfBrokenCheck(error, requests);
      }
    },

    /**
     * Locks the member's main account in the caller's transaction and answers its balance (0
     * for a member without one): what a transfer that takes from it may take at most.
     */
    async lockMainBalance(tx: Database, userId: number, currencyId: number): Promise<number> {
      return (await lockMemberBalance(tx, { userId, bucket: 'main', currencyId })) ?? 0;
    },

    /**
     * Locks the member's bonus account in the caller's transaction and answers its balance (0
     * for a member without one): what a conversion or an expiry may take from it at most.
     */
    async lockBonusBalance(tx: Database, userId: number, currencyId: number): Promise<number> {
      return (await lockMemberBalance(tx, { userId, bucket: 'bonus', currencyId })) ?? 0;
    },

    /**
     * Locks the member's balance with a game provider (`game:<provider>`) in `tx`; 0 for none
     * yet: what a withdrawal or a round's stake may take from it at most.
     */
    async lockGameBalance(
      tx: Database,
      userId: number,
      provider: string,
      currencyId: number,
    ): Promise<number> {
      return (
        (await lockMemberBalance(tx, { userId, bucket: gameBucket(provider), currencyId })) ?? 0
      );
    },

    /** Locks the member's free bets held in the currency (`free_bet`) in `tx`; 0 for none yet. */
    async lockFreeBetBalance(tx: Database, userId: number, currencyId: number): Promise<number> {
      return (await lockMemberBalance(tx, { userId, bucket: 'free_bet', currencyId })) ?? 0;
    },

    /**
     * Locks an entity account (a campaign's budget) in the caller's transaction and answers its
     * balance (0 for one never booked): what a close may return of it, with nothing booked on
     * it in between.
     */
    lockEntityBalance: (tx: Database, code: EntityAccountCode, currencyId: number) =>
      lockEntityBalance(tx, { systemCode: code, currencyId }),

    /** The balances of entity accounts by code (a campaign's budget left), in one read. */
    entityBalances: (codes: readonly EntityAccountCode[]): Promise<Map<string, number>> =>
      entityBalances(db, codes),

    /**
     * The sum of a member's postings in one currency over the transactions of `kinds` booked
     * since `since` (what the member was credited by deposits in the last days, say).
     */
    memberKindsTotalSince: (query: {
      userId: number;
      currencyId: number;
      kinds: readonly string[];
      since: Date;
    }) => memberKindsTotal(db, query),

    /** The metadata of the transaction booked under `idempotencyKey`, if there is one. */
    async metadataOf(
      executor: Database,
      idempotencyKey: string,
    ): Promise<Record<string, unknown> | undefined> {
      return (await transactionByKey(executor, idempotencyKey))?.metadata ?? undefined;
    },

    /** The metadata of a transaction of `kind` whose metadata holds each of `fields` as text. */
    metadataOfKind: (executor: Database, kind: string, fields: Record<string, string>) =>
      metadataOfKind(executor, kind, fields),

    /** A member's movements, newest first: each posting on one of their accounts. */
    async memberStatement(query: {
      userId: number;
      currencyId?: number | undefined;
      offset: number;
      limit: number;
    }) {
      const { rows, total } = await repository.memberStatement(query);
      return {
        records: rows.map(({ createdAt, ...row }) => ({ ...row, at: createdAt.getTime() })),
        total,
      };
    },

    /**
     * Every movement of a member's available (main) balance, newest first, whatever moved it:
     * the member's own page of balance movements.
     */
    memberBalanceMovements: (query: MemberMovementsQuery) => memberMainMovements(db, query),

    /**
     * The wagering record (wagering.ts): a member's staked, returned and net per product and
     * currency over the transactions in `window`, per display day when `period` is given (the
     * day's length and the display zone's offset from UTC), else for the whole window.
     */
    wagering: wagering.member,

    /**
     * The wagering record of the whole book: staked (turnover), returned and GGR (the house's
     * side) per product and currency over the transactions in `window`, per period (a day) when
     * `period` is given, else for the whole window. The dashboard reads it.
     */
    bookWagering: wagering.book,

    /**
     * The wagering record's net of each of a member's wagers named in `references` (for a
     * settled bet, payout − stake), in one query for the set: the member statistics read their
     * orders' results through it.
     */
    wagerNets: wagering.netsOf,

    /**
     * The wagering record's decided wagers after a ledger transaction id, in transaction order,
     * each with how it was decided and the stake that stood, and the id to read on from next
     * time (wagering.ts): the bonus rollover counts from it.
     */
    decidedWagers: wagering.decidedAfter,

    /**
     * Sums per UTC day, system account and transaction kind of the postings on system accounts
     * in one currency over the last `days` days, today included: the raw figures of the back
     * office's dashboard. Days are read on the database's clock, the one that stamps the
     * transactions, and `today` says which day that clock is on.
     */
    async dailySystemFlows(currencyId: number, days: number) {
      const { today, rows } = await repository.dailySystemFlows(currencyId, days);
      return { today, flows: rows.map((row) => ({ ...row, amount: Number(row.amount) })) };
    },

    /**
     * A member's balances per currency: cash (main and frozen) in `amount`, bonus money, game
     * balances and market capital beside it.
     */
    async memberBalances(userId: number): Promise<MemberBalance[]> {
      return balancesOfRows(await repository.memberAccountRows(userId));
    },

    /** A member's balances with game providers, one per provider and currency ever moved. */
    async gameBalances(
      userId: number,
    ): Promise<{ provider: string; currencyId: number; amount: number }[]> {
      return (await repository.memberAccountRows(userId)).flatMap((row) =>
        memberBucketFamily(row.bucket) === 'game'
          ? [
              {
                provider: row.bucket.slice('game:'.length),
                currencyId: row.currencyId,
                amount: row.balance,
              },
            ]
          : [],
      );
    },

    /** The balances of several members in one read, by user id (none for a member without). */
    async membersBalances(userIds: readonly number[]): Promise<Map<number, MemberBalance[]>> {
      const rows = await repository.membersAccountRows(userIds);
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
