import { randomInt } from 'node:crypto';
import { formatMinorUnits, fromOddsUnits } from '@sb/domain';
import { AppError } from '../../http/app-error';
import type { Ledger } from '../ledger/ledger.service';
import { splitStake } from './bonus-stakes';
import type { FreeBetStakes } from './free-bet-stakes';
import { createPlacementBatcher } from './order-batcher';
import type { StakeFunding } from './order-settings';
import type { OrdersRepository, OrderWithLegs } from './orders.repository';
import type { PlacedOrderInput, PlacementRow } from './placement.statement';

export interface PlacedOrder {
  order: OrderWithLegs;
  /** False for a replay of an order placed earlier with the same key. */
  isNew: boolean;
}

/** How placements share statements (config ORDER_BATCH_SIZE, ORDER_BATCH_WAIT_MS). */
export interface PlacementBatching {
  /** Orders placed in one statement at most; 1 places each order on its own. */
  maxOrders: number;
  /** How long the first order of a batch waits for others. */
  waitMs: number;
  onBatchFailed: (error: unknown, size: number) => void;
}

/**
 * Batches of placements under way at once. One gathers the most orders a batch: in the
 * placement bench, with one running the batches held about 4.8 orders against 2.9 with two, and
 * the server and the database spent about a quarter less CPU per order.
 */
const batchesRunning = 1;

/**
 * B, the UTC date and time to the second, and nine random digits: sortable, and unique but for
 * chance (at a thousand bets a second two of the same second share a number about once in half
 * an hour), which the writer meets by numbering the order again.
 */
export function newOrderNo(at: Date): string {
  const stamp = at.toISOString().replace(/\D/g, '').slice(0, 14);
  return `B${stamp}${randomInt(0, 1_000_000_000).toString().padStart(9, '0')}`;
}

/** Tries at an order number before the placement gives up (each a one in a billion draw). */
const maxNumberings = 5;

/** An earlier order of the same key: the same order again, or refused when the bet differs. */
export function replayOf(existing: OrderWithLegs, requestDigest: string): PlacedOrder {
  if (existing.order.requestDigest !== requestDigest) throw new AppError('IDEMPOTENCY_CONFLICT');
  return { order: existing, isNew: false };
}

/**
 * How stakes may spend bonus money (docs/promotions.md, Stakes of bonus money): the ledger that
 * books them, the site's setting, and the largest stake that may spend a member's bonus money
 * in a currency (0 for no limit), which the bonus module answers from the member's active grants.
 */
export interface BonusStakeFunding {
  ledger: Pick<
    Ledger,
    'lockBonusBalance' | 'lockMainBalance' | 'transferWithin' | 'debitWithin' | 'membersBalances'
  >;
  stakeFunding: StakeFunding;
  bonusStakeCap: (userId: number, currencyId: number) => Promise<number>;
}

/** The member and currency of a placement, as a key. */
const holderKey = (userId: number, currencyId: number) => `${userId}:${currencyId}`;

/**
 * Writes placed orders and holds their stakes, one statement for the orders arriving together
 * (order-batcher.ts, placement.statement.ts). With `funding`, a stake may spend bonus money:
 * one whose member holds bonus money in its currency and that main alone does not cover (with
 * cash first; with bonus first, every such stake) is placed on a path of its own, a transaction
 * that locks both buckets, splits the stake and books each part (`placeWithBonus`).
 */
export function createOrderWriter(deps: {
  repository: OrdersRepository;
  batching?: PlacementBatching | undefined;
  /** A fresh number for an order whose number another order already has. */
  renumber?: (at: Date) => string;
  funding?: BonusStakeFunding | undefined;
  /** The free bets a stake may be paid with (docs/promotions.md, Free bets). */
  freeBets?: FreeBetStakes | undefined;
  /** The scale of a currency, for the refusals' amounts. */
  scaleOf?: (currencyId: number) => number;
  now?: () => Date;
}) {
  const { repository, funding } = deps;
  const now = deps.now ?? (() => new Date());
  const renumber = deps.renumber ?? newOrderNo;

  /** The members and currencies of `inputs` that hold bonus money now (a read, no lock). */
  async function bonusHolders(inputs: readonly PlacedOrderInput[]): Promise<Set<string>> {
    const holders = new Set<string>();
    if (!funding || inputs.length === 0) return holders;
    const balances = await funding.ledger.membersBalances([
      ...new Set(inputs.map(({ values }) => values.userId)),
    ]);
    for (const [userId, entries] of balances)
      for (const entry of entries)
        if (entry.bonus > 0) holders.add(holderKey(userId, entry.currencyId));
    return holders;
  }

  /**
   * Places one order whose stake may spend bonus money, in a transaction: the member's bonus
   * and main accounts are locked (in the ledger's key order, bonus first) and read, the stake
   * split as the setting says, the order written, and the bonus part moved bonus → stakes_held
   * (`order_bonus_stake`) and the cash part main → stakes_held through the debit gate
   * (`order_stake`). Null when the order's number is taken; a replay when its key is.
   */
  async function placeWithBonus(
    using: BonusStakeFunding,
    input: PlacedOrderInput,
  ): Promise<PlacedOrder | null> {
    const { userId, currencyId, idempotencyKey, requestDigest, stakeMinor, orderNo } = input.values;
    const cap = await using.bonusStakeCap(userId, currencyId);
    return repository.transaction(async (queries, tx) => {
      const bonus = await using.ledger.lockBonusBalance(tx, userId, currencyId);
      const main = await using.ledger.lockMainBalance(tx, userId, currencyId);
      const earlier = async () => {
        if (idempotencyKey === null) return undefined;
        const existing = await queries.findByKey(userId, idempotencyKey);
        return existing && replayOf(existing, requestDigest);
      };
      // A racing request with this key committed while this one waited for the locks.
      const replayed = await earlier();
      if (replayed) return replayed;
      const split = splitStake(stakeMinor, { main, bonus }, using.stakeFunding, cap);
      if (!split) {
        if (cap > 0 && stakeMinor > cap && main + bonus >= stakeMinor)
          throw new AppError(
            'BONUS_STAKE_ABOVE_MAX',
            `data.stake: a stake above ${cap} may not spend bonus money, and the cash balance is ${main}`,
          );
        throw new AppError('INSUFFICIENT_FUNDS');
      }
      const written = await queries.insertOrder({
        values: { ...input.values, bonusStakeMinor: split.bonus },
        legs: input.legs,
      });
      if (!written) return (await earlier()) ?? null;
      if (split.bonus > 0)
        await using.ledger.transferWithin(
          tx,
          {
            idempotencyKey: `order-bonus-stake:${orderNo}`,
            kind: 'order_bonus_stake',
            reference: orderNo,
            postings: [
              { account: { userId, bucket: 'bonus', currencyId }, amount: -split.bonus },
              { account: { systemCode: 'stakes_held', currencyId }, amount: split.bonus },
            ],
          },
          { isRefusalFinal: true },
        );
      if (split.cash > 0)
        await using.ledger.debitWithin(
          tx,
          {
            idempotencyKey: `order-stake:${orderNo}`,
            kind: 'order_stake',
            reference: orderNo,
            userId,
            currencyId,
            amountMinor: split.cash,
            to: { systemCode: 'stakes_held' },
          },
          { isRefusalFinal: true },
        );
      return { order: written, isNew: true };
    });
  }

  /**
   * Places one order whose whole stake a free bet pays, in a transaction: the free bet is locked
   * and checked (the caller's own, available, unexpired, of the bet's currency, its amount the
   * stake, the total odds at least its least odds), the order written with it, the free bet
   * marked used and its amount moved free_bet → stakes_held (`order_free_bet_stake`). Of two
   * bets racing for one free bet the second waits for the lock and finds it used. Null when the
   * order's number is taken; a replay when its key is.
   */
  async function placeWithFreeBet(input: PlacedOrderInput): Promise<PlacedOrder | null> {
    const { userId, currencyId, idempotencyKey, requestDigest, stakeMinor, totalOddsUnits } =
      input.values;
    const freeBetId = input.values.freeBetId as number;
    return repository.transaction(async (queries, tx) => {
      const token = deps.freeBets
        ? await deps.freeBets.lockWithin(tx, userId, freeBetId)
        : undefined;
      const earlier = async () => {
        if (idempotencyKey === null) return undefined;
        const existing = await queries.findByKey(userId, idempotencyKey);
        return existing && replayOf(existing, requestDigest);
      };
      // A racing request with this key committed while this one waited for the lock.
      const replayed = await earlier();
      if (replayed) return replayed;
      if (!token || !deps.freeBets)
        throw new AppError('FREE_BET_NOT_FOUND', `data.freeBetId: no free bet ${freeBetId}`);
      if (token.status !== 'available' || token.expiresAt.getTime() <= now().getTime())
        throw new AppError(
          'FREE_BET_NOT_AVAILABLE',
          `data.freeBetId: free bet ${freeBetId} is ${token.status === 'available' ? 'expired' : token.status}`,
        );
      if (token.currencyId !== currencyId)
        throw new AppError(
          'FREE_BET_CURRENCY_MISMATCH',
          `data.currencyId: free bet ${freeBetId} is for currency ${token.currencyId}`,
        );
      const scale = deps.scaleOf?.(currencyId) ?? 2;
      if (stakeMinor !== token.amount)
        throw new AppError(
          'FREE_BET_STAKE_MISMATCH',
          `data.stake: must be ${token.amount} (${formatMinorUnits(token.amount, scale)}), the free bet's amount`,
        );
      if (token.minOdds > 0 && totalOddsUnits < token.minOdds)
        throw new AppError(
          'FREE_BET_ODDS_TOO_LOW',
          `data.selections: the total odds ${fromOddsUnits(totalOddsUnits)} are below the free bet's minOdds ${fromOddsUnits(token.minOdds)}`,
        );
      const written = await queries.insertOrder({
        values: { ...input.values, bonusStakeMinor: 0 },
        legs: input.legs,
      });
      if (!written) return (await earlier()) ?? null;
      await deps.freeBets.stakeWithin(tx, token, {
        id: written.order.id,
        orderNo: written.order.orderNo,
      });
      return { order: written, isNew: true };
    });
  }

  /** `placeWithFreeBet`, the order numbered again while its number is taken. */
  async function placeWithFreeBetNumbered(
    input: PlacedOrderInput,
    numberings = 1,
  ): Promise<PlacedOrder> {
    const placed = await placeWithFreeBet(input);
    if (placed) return placed;
    if (numberings >= maxNumberings) throw new Error(`no free order number in ${numberings} tries`);
    const renumbered = {
      ...input,
      values: { ...input.values, orderNo: renumber(input.values.createdAt) },
    };
    return placeWithFreeBetNumbered(renumbered, numberings + 1);
  }

  /** `placeWithBonus`, the order numbered again while its number is taken. */
  async function placeWithBonusNumbered(
    using: BonusStakeFunding,
    input: PlacedOrderInput,
    numberings = 1,
  ): Promise<PlacedOrder> {
    const placed = await placeWithBonus(using, input);
    if (placed) return placed;
    if (numberings >= maxNumberings) throw new Error(`no free order number in ${numberings} tries`);
    const renumbered = {
      ...input,
      values: { ...input.values, orderNo: renumber(input.values.createdAt) },
    };
    return placeWithBonusNumbered(using, renumbered, numberings + 1);
  }

  /**
   * Places the orders together, each answering as it would alone: its order, a replay of the
   * order its idempotency key already placed, or its own refusal. The member's balance is locked
   * while it is read, so racing bets queue and none can take it below zero. An order whose
   * number was taken is numbered again and placed once more.
   */
  async function writeTogether(
    all: readonly PlacedOrderInput[],
    numberings = 1,
  ): Promise<(PlacedOrder | Error)[]> {
    // Bonus first: a member holding bonus money spends it before main, on the bonus path. Cash
    // first reads no bonus before the statement: only a stake main falls short of goes there.
    const holdersFirst =
      funding?.stakeFunding === 'bonus_first' ? await bonusHolders(all) : new Set<string>();
    const holds = ({ values }: PlacedOrderInput) =>
      holdersFirst.has(holderKey(values.userId, values.currencyId));
    // A stake a free bet pays moves no cash: it goes its own path, never the batch statement.
    const isFreeBet = ({ values }: PlacedOrderInput) => values.freeBetId !== null;
    const inputs = all.filter((input) => !holds(input) && !isFreeBet(input));
    const rows = inputs.length > 0 ? await repository.placeOrders(inputs) : [];
    const unfunded = inputs.filter((_, index) => rows[index]?.isFunded === false);
    const holdersAfter =
      funding?.stakeFunding === 'cash_first' ? await bonusHolders(unfunded) : new Set<string>();
    async function answerOf(row: PlacementRow, input: PlacedOrderInput): Promise<PlacedOrder> {
      if (row.order) return { order: row.order, isNew: true };
      const { userId, currencyId, idempotencyKey, requestDigest, createdAt } = input.values;
      if (idempotencyKey !== null) {
        // Another request with the same key committed first.
        const existing = await repository.findByKey(userId, idempotencyKey);
        if (existing) return replayOf(existing, requestDigest);
      }
      if (!row.isFunded && funding && holdersAfter.has(holderKey(userId, currencyId)))
        return placeWithBonusNumbered(funding, input);
      if (!row.isFunded) throw new AppError('INSUFFICIENT_FUNDS');
      if (numberings >= maxNumberings)
        throw new Error(`no free order number in ${numberings} tries`);
      const renumbered = { ...input, values: { ...input.values, orderNo: renumber(createdAt) } };
      const [again] = await writeTogether([renumbered], numberings + 1);
      if (again === undefined || again instanceof Error) throw again;
      return again;
    }
    const answers = new Map<PlacedOrderInput, Promise<PlacedOrder | Error>>();
    rows.forEach((row, index) => {
      const input = inputs[index] as PlacedOrderInput;
      answers.set(
        input,
        answerOf(row, input).catch((error: Error) => error),
      );
    });
    for (const input of all)
      if (isFreeBet(input))
        answers.set(
          input,
          placeWithFreeBetNumbered(input).catch((error: Error) => error),
        );
      else if (funding && holds(input))
        answers.set(
          input,
          placeWithBonusNumbered(funding, input).catch((error: Error) => error),
        );
    return Promise.all(all.map((input) => answers.get(input) as Promise<PlacedOrder | Error>));
  }

  async function writeAlone(input: PlacedOrderInput): Promise<PlacedOrder> {
    const [answer] = await writeTogether([input]);
    if (answer === undefined) throw new Error('a placement got no answer');
    if (answer instanceof Error) throw answer;
    return answer;
  }

  const batching = deps.batching;
  const batcher =
    batching && batching.maxOrders > 1
      ? createPlacementBatcher<PlacedOrderInput, PlacedOrder>({
          maxOrders: batching.maxOrders,
          waitMs: batching.waitMs,
          maxBatchesRunning: batchesRunning,
          placeTogether: writeTogether,
          placeAlone: writeAlone,
          // A member's bets go one batch at a time: each is judged against the balance the one
          // before it left, as it would be alone.
          twinKeyOf: ({ values }) => String(values.userId),
          onBatchFailed: batching.onBatchFailed,
        })
      : undefined;

  return {
    /** Writes the order and holds its stake; answers the order, a replay, or a refusal. */
    write: (input: PlacedOrderInput): Promise<PlacedOrder> =>
      batcher ? batcher.place(input) : writeAlone(input),
    /** Waits for the batches under way (the app is closing). */
    settle: async (): Promise<void> => batcher?.settle(),
  };
}

export type OrderWriter = ReturnType<typeof createOrderWriter>;
