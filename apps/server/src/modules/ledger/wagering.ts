import type { Database } from '../../db/database';
import type { LedgerWindow } from './ledger.repository';
import {
  createWageringRepository,
  decidedTransactions,
  stakesOfReferences,
  type WagerPeriod,
} from './wagering.repository';

/**
 * The wagering record: which ledger transaction kinds are a product's stakes and which its
 * returns. Stakes and returns already pass through the ledger as transactions of these kinds on
 * the member's main account (or bonus bucket, for the bonus share of a stake), stamped with member, amount, reference (the wager) and time, so the
 * record is read from the ledger and costs no write of its own (docs/ledger.md).
 *
 * A kind on the `stake` side moves a stake: held (negative on the member) or given back because
 * the wager never stood (positive). One on the `return` side moves what the wager paid: a
 * payout or a cash out (positive), or a payout taken back by a rollback or netted against a
 * debt it left (negative). A new product line names its kinds here; every reader of the record
 * (the dashboard, the statistics) then counts them.
 */
export interface WagerKindMeaning {
  product: string;
  side: 'stake' | 'return';
  /**
   * On a return kind that decides its wager: `result` (settled by what happened: won, lost or
   * void) or `cash_out` (the member took an offer before the end). A rollback's kind decides
   * nothing; the settlement after it decides again.
   */
  decides?: WagerDecision;
}

/** How a wager was decided (see `WagerKindMeaning.decides`). */
export type WagerDecision = 'result' | 'cash_out';

/** Kinds of ledger transactions and what each is to the record. */
export type WagerKindTable = Readonly<Record<string, WagerKindMeaning>>;

export const wagerKinds = {
  order_stake: { product: 'sports', side: 'stake' },
  order_release: { product: 'sports', side: 'stake' },
  order_settle: { product: 'sports', side: 'return', decides: 'result' },
  order_unsettle: { product: 'sports', side: 'return' },
  order_cash_out: { product: 'sports', side: 'return', decides: 'cash_out' },
  order_debt_recovery: { product: 'sports', side: 'return' },
  // The bonus share of a sports stake, on the member's bonus bucket (docs/promotions.md, Stakes
  // of bonus money). A wager funded from both buckets is decided by two transactions, one of
  // each settle (or cash out) kind, naming the same order: readers count a wager by its
  // reference once.
  order_bonus_stake: { product: 'sports', side: 'stake' },
  order_bonus_release: { product: 'sports', side: 'stake' },
  order_bonus_settle: { product: 'sports', side: 'return', decides: 'result' },
  order_bonus_unsettle: { product: 'sports', side: 'return' },
  order_bonus_cash_out: { product: 'sports', side: 'return', decides: 'cash_out' },
  order_bonus_debt_recovery: { product: 'sports', side: 'return' },
  // A game round (docs/games.md): its stake from the member's game balance to stakes_held, and
  // the one transaction that decides it (the payout to the game balance, the rest to the house's
  // game_rounds) or gives the stake back.
  game_stake: { product: 'casino', side: 'stake' },
  game_refund: { product: 'casino', side: 'stake' },
  game_return: { product: 'casino', side: 'return', decides: 'result' },
} as const satisfies WagerKindTable;

export type WagerKind = keyof typeof wagerKinds;

/**
 * The kinds of free bets (docs/promotions.md, Free bets), left out of the record on purpose: a
 * free bet's stake was never the member's money, so it is no turnover and counts towards no
 * rollover, activity target or minimum turnover; what a won free bet pays the member's main
 * (`order_free_bet_settle`) is the promotion's cost, not a wager's return.
 */
export const freeBetKinds = [
  'free_bet_grant',
  'free_bet_expire',
  'order_free_bet_stake',
  'order_free_bet_release',
  'order_free_bet_settle',
  'order_free_bet_unsettle',
] as const;

/**
 * The free-bet kinds that pay the member's main balance from a settlement, or take it back: the
 * statistics read a free bet's net from them (what it paid the member), never its stake.
 */
const freeBetPaidKinds: readonly string[] = ['order_free_bet_settle', 'order_free_bet_unsettle'];

/**
 * The system account where a stake waits until its wager is decided (sports: from placement to
 * settlement or cash out). Until then it is neither the member's nor the house's, so the house's
 * side leaves it out.
 */
export const heldStakesAccount = 'stakes_held';

/** A member's wagering in one product, currency and period. */
export interface WageringFigures {
  product: string;
  currencyId: number;
  /** Days since the epoch in the display zone; 0 for a whole window. */
  period: number;
  /** Stakes that stood, in minor units. */
  staked: number;
  /** What the wagers paid back, in minor units. */
  returned: number;
  /** `returned − staked`: the member's result. */
  net: number;
}

/**
 * A wager decided, as the record holds it: the transaction that decided it, how, and the stake
 * that stood (held less given back) with its member, currency and first stake transaction.
 */
export interface DecidedWager {
  /** The ledger transaction that decided the wager (a settlement, a cash out). */
  transactionId: number;
  product: string;
  /** The wager's number (an order number for sports). */
  reference: string;
  decision: WagerDecision;
  userId: number;
  currencyId: number;
  /** The stake that stood: what the stake kinds took from the member, less what they gave back. */
  staked: number;
  /** The first stake transaction of the wager: it was placed after any transaction of lower id. */
  placedTransactionId: number;
}

/** The whole book's wagering in one product, currency and period. */
export interface BookWageringFigures {
  product: string;
  currencyId: number;
  /** Whole periods since the epoch (days, say); 0 for a whole window. */
  period: number;
  /** Turnover: stakes taken, less those given back because the wager never stood. */
  staked: number;
  /** What the wagers paid back to members. */
  returned: number;
  /**
   * Gross gaming revenue, the house's side: staked − returned, less the stakes still held for
   * wagers not yet decided. A stake counts for the house when its wager is decided, so on a
   * period's figures `ggr` is what the house kept of the wagers decided then.
   */
  ggr: number;
}

const byPeriodCurrencyProduct = (
  left: { period: number; currencyId: number; product: string },
  right: { period: number; currencyId: number; product: string },
) =>
  left.period - right.period ||
  left.currencyId - right.currencyId ||
  left.product.localeCompare(right.product);

/**
 * Figures per product, currency and period from sums per kind: each sum whose kind the table
 * names is added to its product's entry, begun by `start`, by `add` with the kind's side.
 */
function figuresOf<Sum extends { period: number; kind: string; currencyId: number }, Figures>(
  sums: readonly Sum[],
  kinds: WagerKindTable,
  start: (key: { product: string; currencyId: number; period: number }) => Figures,
  add: (entry: Figures, side: 'stake' | 'return', sum: Sum) => void,
): Figures[] {
  const figures = new Map<string, Figures>();
  const order: { product: string; currencyId: number; period: number; entry: Figures }[] = [];
  for (const sum of sums) {
    const meaning = kinds[sum.kind];
    if (!meaning) continue;
    const key = `${meaning.product}:${sum.currencyId}:${sum.period}`;
    let entry = figures.get(key);
    if (!entry) {
      const at = { product: meaning.product, currencyId: sum.currencyId, period: sum.period };
      entry = start(at);
      figures.set(key, entry);
      order.push({ ...at, entry });
    }
    add(entry, meaning.side, sum);
  }
  return order.sort(byPeriodCurrencyProduct).map(({ entry }) => entry);
}

/** The record's figures from a member's sums per kind, currency and period. */
export function wageringFiguresOf(
  sums: readonly { period: number; kind: string; currencyId: number; amount: number }[],
  kinds: WagerKindTable = wagerKinds,
): WageringFigures[] {
  return figuresOf(
    sums,
    kinds,
    (at) => ({ ...at, staked: 0, returned: 0, net: 0 }),
    (entry, side, sum) => {
      if (side === 'stake') entry.staked -= sum.amount;
      else entry.returned += sum.amount;
      entry.net = entry.returned - entry.staked;
    },
  );
}

/**
 * The book's figures from its sums per kind, currency and period: `member`, what the
 * transactions put on members' accounts, and `held`, what they put on the held stakes.
 */
export function bookWageringFiguresOf(
  sums: readonly {
    period: number;
    kind: string;
    currencyId: number;
    member: number;
    held: number;
  }[],
  kinds: WagerKindTable = wagerKinds,
): BookWageringFigures[] {
  return figuresOf(
    sums,
    kinds,
    (at) => ({ ...at, staked: 0, returned: 0, ggr: 0 }),
    (entry, side, sum) => {
      if (side === 'stake') entry.staked -= sum.member;
      else entry.returned += sum.member;
      // Every posting of the record's transactions is the member's, a held stake or the
      // house's, so what is neither the member's nor held is the house's: −(member + held).
      entry.ggr -= sum.member + sum.held;
    },
  );
}

/**
 * Reads the wagering record with a table of kinds: the real one (`wagerKinds`) unless another
 * is given (a test's product, say). Every reader of the record goes through here, so a product
 * that names its kinds in the table shows up in all of them.
 */
export function createWageringRecord(db: Database, kinds: WagerKindTable = wagerKinds) {
  const repository = createWageringRepository(db);
  const kindNames = Object.keys(kinds);
  const decisionKinds = Object.entries(kinds)
    .filter(([, meaning]) => meaning.decides !== undefined)
    .map(([kind]) => kind);
  const stakeKindsOf = (product: string) =>
    Object.entries(kinds)
      .filter(([, meaning]) => meaning.product === product && meaning.side === 'stake')
      .map(([kind]) => kind);
  return {
    /**
     * A member's staked, returned and net per product and currency over the transactions in
     * `window`, per period (a display day) when `period` is given, else for the whole window.
     */
    async member(query: {
      userId: number;
      currencyId?: number | undefined;
      window?: LedgerWindow | undefined;
      period?: WagerPeriod | undefined;
    }): Promise<WageringFigures[]> {
      return wageringFiguresOf(await repository.memberSums({ ...query, kinds: kindNames }), kinds);
    },

    /**
     * The whole book's staked, returned and GGR per product and currency over the transactions
     * in `window`, per period when `period` is given, else for the whole window.
     */
    async book(query: {
      currencyId?: number | undefined;
      window?: LedgerWindow | undefined;
      period?: WagerPeriod | undefined;
    }): Promise<BookWageringFigures[]> {
      const sums = await repository.bookSums({
        ...query,
        kinds: kindNames,
        heldAccount: heldStakesAccount,
      });
      return bookWageringFiguresOf(sums, kinds);
    },

    /**
     * The net of each of a member's wagers named in `references` (for a settled bet, payout −
     * stake): the sum of the member's postings in every stake and return transaction naming it.
     * One query for the whole set; a wager the record has nothing of answers 0.
     */
    async netsOf(query: {
      userId: number;
      references: readonly string[];
    }): Promise<Map<string, number>> {
      const [rows, freeBetRows] = await Promise.all([
        repository.memberSumsByReference({ ...query, kinds: kindNames }),
        // A free bet is no wager of the record, but what its settlement paid the member's main
        // balance (its winnings, or their rollback) is its net: 0 when lost or void.
        repository.memberSumsByReference({ ...query, kinds: freeBetPaidKinds, bucket: 'main' }),
      ]);
      const nets = new Map(query.references.map((reference) => [reference, 0]));
      for (const row of [...rows, ...freeBetRows])
        nets.set(row.reference, (nets.get(row.reference) ?? 0) + row.amount);
      return nets;
    },

    /**
     * Wagers decided (by result or cash out) in transactions after `afterTransactionId`, at most
     * `limit` decisions, in transaction order, each with the stake that stood and its member.
     *
     * Transaction ids are taken when a transaction writes, not when it commits, so a decision
     * of a lower id may still become visible after one of a higher id. `safeAfter` is therefore
     * the highest id read of a transaction that began at least `settledForMs` ago: every
     * transaction shorter than half that has committed below it. Decisions after it are
     * answered too and are read again next time, so a reader counts each by its reference once
     * (docs/ledger.md, The wagering record).
     */
    async decidedAfter(query: {
      afterTransactionId: number;
      limit: number;
      settledForMs: number;
    }): Promise<DecidedWagersPage> {
      const decided = await decidedTransactions(db, {
        kinds: decisionKinds,
        afterId: query.afterTransactionId,
        limit: query.limit,
        agedMs: query.settledForMs,
      });
      let safeAfter = query.afterTransactionId;
      for (const row of decided) if (row.aged && row.id > safeAfter) safeAfter = row.id;
      const byProduct = new Map<string, string[]>();
      for (const row of decided) {
        const product = kinds[row.kind]?.product as string;
        byProduct.set(product, [...(byProduct.get(product) ?? []), row.reference]);
      }
      const stakes = new Map<string, Awaited<ReturnType<typeof stakesOfReferences>>[number]>();
      for (const [product, references] of byProduct)
        for (const stake of await stakesOfReferences(db, {
          kinds: stakeKindsOf(product),
          references: [...new Set(references)],
        }))
          if (!stakes.has(`${product}:${stake.reference}`))
            stakes.set(`${product}:${stake.reference}`, stake);
      const wagers: DecidedWager[] = [];
      for (const row of decided) {
        const meaning = kinds[row.kind];
        const stake = meaning && stakes.get(`${meaning.product}:${row.reference}`);
        if (!meaning?.decides || !stake) continue;
        wagers.push({
          transactionId: row.id,
          product: meaning.product,
          reference: row.reference,
          decision: meaning.decides,
          userId: stake.userId,
          currencyId: stake.currencyId,
          staked: stake.staked,
          placedTransactionId: stake.firstTransactionId,
        });
      }
      return { wagers, safeAfter };
    },
  };
}

/**
 * What `decidedAfter` read: the decided wagers in transaction order, and `safeAfter`, the
 * transaction id a reader may go on from next time without missing a decision.
 */
export interface DecidedWagersPage {
  wagers: DecidedWager[];
  safeAfter: number;
}

export type WageringRecord = ReturnType<typeof createWageringRecord>;
