import { orderStatus } from '@sb/contract';
import { type BetSettlement, type LegState, settleBet } from '@sb/domain';
import type { Database } from '../../db/database';
import type { Catalogue } from '../catalogue/catalogue.service';
import { type Ledger, memberTotalOfKind, type Posting } from '../ledger/ledger.service';
import {
  bonusShareOf,
  createOrderSettling,
  freeBetSettleTransfer,
  freeBetWinningsOf,
  legResultOf,
  legStateOf,
  type OrderRow,
  type OrderWithLegs,
} from '../orders/orders.service';
import type {
  EventFacts,
  FreeBetStakes,
  SettledLeg,
  StandingSettlement,
} from '../orders/orders.types';
import { type FirstSettlement, settleFirstTimeBatch, settleTransfersOf } from './settlement-batch';

/** Orders settlement may change: open ones, and settled ones a rollback may take back. */
const reconciledStatuses: number[] = [orderStatus.accepted, orderStatus.settled, orderStatus.void];
const finishedBySettlement: number[] = [orderStatus.settled, orderStatus.void];
/** How far back the catch-up sweep looks at finished orders for a lost rollback. */
const sweepRollbackHorizonMs = 24 * 3_600_000;
/** Orders read together before settling: a match with 100 000 bets is read in 100 batches. */
const readBatchSize = 1_000;
/** First settlements booked in one database transaction (see settlement-batch.ts). */
const settleBatchSize = 500;
/** Batches of first settlements under way at once for one event. */
const settleBatchesRunning = 2;

const debtRecoveryKind = 'order_debt_recovery';
/** A recovery from the bonus share of a payout (docs/promotions.md, Stakes of bonus money). */
const bonusDebtRecoveryKind = 'order_bonus_debt_recovery';

/**
 * What a member still owes in a currency: every rolled back settlement's `unrecovered_minor`,
 * less what recoveries have taken from their payouts since (from main or from bonus).
 */
export async function outstandingDebt(
  db: Database,
  userId: number,
  currencyId: number,
): Promise<number> {
  const unrecovered = await createOrderSettling(db).unrecoveredOfMember(db, userId, currencyId);
  const recovered = await memberTotalOfKind(db, { userId, currencyId, kind: debtRecoveryKind });
  const recoveredOfBonus = await memberTotalOfKind(db, {
    userId,
    currencyId,
    kind: bonusDebtRecoveryKind,
  });
  // Recoveries take from the member: their postings sum below zero.
  return unrecovered + recovered + recoveredOfBonus;
}

/** What one reconciliation of an order did, for the member's pushes. */
export interface SettlementChange {
  order: OrderRow;
  firstOptionId: string;
  /** The settlement taken back, if any. */
  rolledBack?: StandingSettlement;
  /** The settlement made, if any. */
  settled?: StandingSettlement;
}

const drop = (postings: Posting[]) => postings.filter((posting) => posting.amount !== 0);

function settledLegsOf(states: LegState[]): SettledLeg[] {
  return states.map((state, legIndex) => {
    // A parlay lost on one leg is settled with its other legs still open.
    if (state === 'open') return { legIndex, state: 'open', result: 'open' };
    return {
      legIndex,
      state:
        state === 'void'
          ? 'void'
          : {
              result: state.result,
              voidFactor: state.voidFactor ?? 0,
              deadHeatFactor: state.deadHeatFactor ?? 1,
            },
      result: legResultOf(state) ?? 'open',
    };
  });
}

/** A leg's settled state as text; jsonb keeps its own key order, so not JSON.stringify. */
function legKey(leg: SettledLeg | undefined): string {
  if (!leg) return '';
  const { state } = leg;
  return typeof state === 'string'
    ? `${leg.legIndex}:${state}`
    : `${leg.legIndex}:${state.result}:${state.voidFactor}:${state.deadHeatFactor}`;
}

/** Whether the standing settlement is the one the catalogue asks for now. */
function isSameSettlement(
  standing: StandingSettlement,
  wanted: Extract<BetSettlement, { state: 'settled' }>,
  legs: SettledLeg[],
): boolean {
  if (standing.result !== wanted.result || standing.payoutMinor !== wanted.payoutMinor)
    return false;
  // A lost parlay stays lost whatever its other legs do later: no reason to settle it again.
  if (wanted.result === 'lost') return true;
  return (
    standing.legs.length === legs.length &&
    standing.legs.every((stored, index) => legKey(stored) === legKey(legs[index]))
  );
}

/**
 * Settles orders from what the catalogue holds: every standing settlement and cancellation of
 * their legs' events. Each order is brought to the settlement the catalogue asks for now, so a
 * message handled twice, a rollback, a resettlement and a start-up catch-up are all the same
 * step. The step runs in one transaction per order under a lock of the order's row: of two
 * workers the second finds the work done and writes nothing.
 */
export function createSettlementService(deps: {
  db: Database;
  ledger: Ledger;
  catalogue: Catalogue;
  now: () => Date;
  /** The free bets orders were staked with (docs/promotions.md, Free bets). */
  freeBets?: FreeBetStakes | undefined;
}) {
  const { db, ledger, catalogue, now } = deps;
  const freeBetsOf = (order: OrderRow): FreeBetStakes => {
    if (!deps.freeBets) throw new Error(`order ${order.orderNo}: free bets are not wired`);
    return deps.freeBets;
  };
  const orderSettling = createOrderSettling(db);

  async function factsOf(eventId: number, cache: Map<number, EventFacts>): Promise<EventFacts> {
    const cached = cache.get(eventId);
    if (cached) return cached;
    const facts = {
      settlements: await catalogue.settlementsOf(eventId),
      cancellations: await catalogue.cancellationsOf(eventId),
    };
    cache.set(eventId, facts);
    return facts;
  }

  async function wantedOf(found: OrderWithLegs, acceptedAt: Date, cache: Map<number, EventFacts>) {
    const { order, legs } = found;
    const states: LegState[] = [];
    for (const leg of legs)
      states.push(legStateOf(leg, await factsOf(leg.eventId, cache), acceptedAt.getTime()));
    const wanted = settleBet({
      stakeMinor: order.stakeMinor,
      legs: legs.map((leg, index) => ({
        oddsUnits: leg.oddsUnits,
        outcome: states[index] ?? 'open',
      })),
    });
    return { wanted, states };
  }

  /**
   * Takes the standing settlement back: the payout returns, the stake is held again. A stake
   * that spent bonus money takes its bonus share back from the bonus bucket, in a transaction of
   * its own booked first (bonus is locked before main), and its cash share from main.
   */
  async function rollBack(tx: Database, order: OrderRow, standing: StandingSettlement, at: Date) {
    if (order.freeBetId !== null) return rollBackFreeBet(tx, order, standing, at);
    const { userId, currencyId, stakeMinor, bonusStakeMinor, orderNo } = order;
    const bonusPaid = bonusShareOf(standing.payoutMinor, order);
    let recoveredOfBonus = 0;
    if (bonusStakeMinor > 0) {
      const bonusBalance = await ledger.lockBonusBalance(tx, userId, currencyId);
      recoveredOfBonus = Math.min(bonusPaid, bonusBalance);
      await ledger.transferWithin(tx, {
        idempotencyKey: `order-bonus-unsettle:${orderNo}:${standing.version}`,
        kind: 'order_bonus_unsettle',
        reference: orderNo,
        postings: drop([
          { account: { systemCode: 'stakes_held', currencyId }, amount: bonusStakeMinor },
          {
            account: { systemCode: 'house', currencyId },
            amount: -(bonusStakeMinor - recoveredOfBonus),
          },
          { account: { userId, bucket: 'bonus', currencyId }, amount: -recoveredOfBonus },
        ]),
      });
    }
    const cashStake = stakeMinor - bonusStakeMinor;
    const cashPaid = standing.payoutMinor - bonusPaid;
    const mainBalance = await ledger.lockMainBalance(tx, userId, currencyId);
    // The ledger keeps member balances at zero or more: what the member already spent stays a
    // debt of theirs, which the house carries (docs/betting.md, Settlement).
    const recovered = Math.min(cashPaid, mainBalance);
    if (cashStake > 0)
      await ledger.transferWithin(tx, {
        idempotencyKey: `order-unsettle:${orderNo}:${standing.version}`,
        kind: 'order_unsettle',
        reference: orderNo,
        postings: drop([
          { account: { systemCode: 'stakes_held', currencyId }, amount: cashStake },
          { account: { systemCode: 'house', currencyId }, amount: -(cashStake - recovered) },
          { account: { userId, bucket: 'main', currencyId }, amount: -recovered },
        ]),
      });
    return reopenRolledBack(
      tx,
      order,
      standing,
      at,
      standing.payoutMinor - recovered - recoveredOfBonus,
    );
  }

  /**
   * Takes a free-bet order's standing settlement back, exactly: a void one takes the free bet
   * again (the house's money when the member used it again or it expired meanwhile); a won one
   * takes the winnings back from main (what the member already spent stays a debt, as for cash)
   * and the house holds the stake again; a lost one the house holds the stake again.
   */
  async function rollBackFreeBet(
    tx: Database,
    order: OrderRow,
    standing: StandingSettlement,
    at: Date,
  ) {
    const { userId, currencyId, stakeMinor, orderNo } = order;
    const step = {
      kind: 'order_free_bet_unsettle',
      idempotencyKey: `order-free-bet-unsettle:${orderNo}:${standing.version}`,
    };
    let unrecovered = 0;
    if (standing.result === 'void') await freeBetsOf(order).retakeWithin(tx, order, step);
    else {
      const winnings = freeBetWinningsOf(stakeMinor, standing.payoutMinor);
      const mainBalance = winnings > 0 ? await ledger.lockMainBalance(tx, userId, currencyId) : 0;
      const recovered = Math.min(winnings, mainBalance);
      unrecovered = winnings - recovered;
      await ledger.transferWithin(tx, {
        ...step,
        reference: orderNo,
        metadata: { freeBetId: order.freeBetId },
        postings: drop([
          { account: { systemCode: 'stakes_held', currencyId }, amount: stakeMinor },
          { account: { systemCode: 'house', currencyId }, amount: -(stakeMinor - recovered) },
          { account: { userId, bucket: 'main', currencyId }, amount: -recovered },
        ]),
      });
      if (winnings > 0 && order.freeBetId !== null)
        await freeBetsOf(order).recordWinningsWithin(tx, order.freeBetId, 0);
    }
    return reopenRolledBack(tx, order, standing, at, unrecovered);
  }

  /**
   * The end of every rollback: the standing settlement marked rolled back with what its money
   * could not take back (`unrecovered`, the member's debt), and the order open again.
   */
  async function reopenRolledBack(
    tx: Database,
    order: OrderRow,
    standing: StandingSettlement,
    at: Date,
    unrecovered: number,
  ) {
    const rolledBack = await orderSettling.markSettlementRolledBack(
      tx,
      standing.id,
      at,
      unrecovered,
    );
    const moved = await orderSettling.move(
      tx,
      order,
      finishedBySettlement,
      orderStatus.accepted,
      at,
    );
    if (!moved || !rolledBack) throw new Error(`order ${order.orderNo} changed under its lock`);
    return { order: moved, rolledBack };
  }

  /**
   * Books a free-bet order's settlement: void gives the free bet back; otherwise the stake goes
   * to the house and the member's main gets the winnings, the return less the stake (nothing
   * when lost). Answers what the member was paid, for the debt recovery.
   */
  async function settleFreeBet(
    tx: Database,
    order: OrderRow,
    wanted: Extract<BetSettlement, { state: 'settled' }>,
    version: number,
  ): Promise<number> {
    const step = {
      kind: 'order_free_bet_settle',
      idempotencyKey: `order-free-bet-settle:${order.orderNo}:${version}`,
    };
    if (wanted.result === 'void') {
      await freeBetsOf(order).giveBackWithin(tx, order, step);
      return 0;
    }
    await ledger.transferWithin(tx, freeBetSettleTransfer(order, wanted.payoutMinor, step));
    const winnings = freeBetWinningsOf(order.stakeMinor, wanted.payoutMinor);
    if (winnings > 0 && order.freeBetId !== null)
      await freeBetsOf(order).recordWinningsWithin(tx, order.freeBetId, winnings);
    return winnings;
  }

  /**
   * Nets what the member owes from rolled back wins (`unrecovered_minor`) from a payout just made:
   * its own ledger transaction (`order-debt-recovery:{orderNo}:{version}`, member main → house),
   * at most the payout's cash share, then, for what is still owed, one from its bonus share
   * (`order-bonus-debt-recovery:…`, member bonus → house). The member's main account is locked
   * first, so two payouts to one member recover one after the other, each reading what the other
   * took.
   */
  async function recoverDebt(tx: Database, order: OrderRow, payoutMinor: number, version: number) {
    if (payoutMinor <= 0) return;
    const { userId, currencyId, orderNo } = order;
    await ledger.lockMainBalance(tx, userId, currencyId);
    const owed = await outstandingDebt(tx, userId, currencyId);
    const bonusPaid = bonusShareOf(payoutMinor, order);
    const recovered = Math.min(owed, payoutMinor - bonusPaid);
    if (recovered > 0)
      await ledger.transferWithin(tx, {
        idempotencyKey: `order-debt-recovery:${orderNo}:${version}`,
        kind: debtRecoveryKind,
        reference: orderNo,
        postings: [
          { account: { userId, bucket: 'main', currencyId }, amount: -recovered },
          { account: { systemCode: 'house', currencyId }, amount: recovered },
        ],
      });
    const recoveredOfBonus = Math.min(owed - Math.max(recovered, 0), bonusPaid);
    if (recoveredOfBonus > 0)
      await ledger.transferWithin(tx, {
        idempotencyKey: `order-bonus-debt-recovery:${orderNo}:${version}`,
        kind: bonusDebtRecoveryKind,
        reference: orderNo,
        postings: [
          { account: { userId, bucket: 'bonus', currencyId }, amount: -recoveredOfBonus },
          { account: { systemCode: 'house', currencyId }, amount: recoveredOfBonus },
        ],
      });
  }

  /** Books a new settlement: the held stake goes to the house, the payout to the member. */
  async function settle(
    tx: Database,
    order: OrderRow,
    wanted: Extract<BetSettlement, { state: 'settled' }>,
    legs: SettledLeg[],
    at: Date,
  ) {
    const { orderNo } = order;
    const version = (await orderSettling.lastSettlementVersion(tx, order.id)) + 1;
    const settled = await orderSettling.recordSettlement(tx, {
      orderId: order.id,
      version,
      result: wanted.result,
      payoutMinor: wanted.payoutMinor,
      legs,
      settledAt: at,
    });
    if (order.freeBetId !== null)
      await recoverDebt(tx, order, await settleFreeBet(tx, order, wanted, version), version);
    else {
      for (const transfer of settleTransfersOf(order, version, wanted.payoutMinor))
        await ledger.transferWithin(tx, transfer);
      await recoverDebt(tx, order, wanted.payoutMinor, version);
    }
    const status = wanted.result === 'void' ? orderStatus.void : orderStatus.settled;
    const moved = await orderSettling.move(tx, order, [orderStatus.accepted], status, at);
    if (!moved || !settled) throw new Error(`order ${orderNo} changed under its lock`);
    return { order: moved, settled };
  }

  /**
   * Members who ever owed from a rollback. Rollbacks that leave a debt are rare, so this is one
   * read per reconciliation, not one per batch of orders.
   */
  async function membersWithDebt(): Promise<Set<number>> {
    const owners = await orderSettling.ownersOf(await orderSettling.ordersWithUnrecovered());
    return new Set([...owners.values()].map((owner) => owner.userId));
  }

  /** Whether an order standing as `status` with `standing` must change to be `wanted`. */
  function needsChange(
    status: number,
    standing: StandingSettlement | undefined,
    wanted: BetSettlement,
    legs: SettledLeg[],
  ): boolean {
    if (!reconciledStatuses.includes(status)) return false;
    // An order finished some other way (not by a settlement) is not settlement's to change.
    if (!standing && status !== orderStatus.accepted) return false;
    if (!standing && wanted.state === 'open') return false;
    if (standing && wanted.state === 'settled' && isSameSettlement(standing, wanted, legs))
      return false;
    return true;
  }

  /**
   * Reads a batch of orders as settlement needs them, in four queries whatever its size: the
   * orders, their legs, when each was first accepted, and their standing settlements. A feed
   * result reconciles every order of its event, most of them unchanged: they cost no transaction.
   */
  async function readBatch(orderIds: number[]) {
    const [reads, standingRows] = await Promise.all([
      orderSettling.readToSettle(orderIds),
      orderSettling.standingSettlements(db, orderIds),
    ]);
    const standing = new Map(standingRows.map((row) => [row.orderId, row]));
    return reads.map((read) => ({ ...read, standing: standing.get(read.found.order.id) }));
  }

  /**
   * Brings one order to `wanted`; null when it already is. The order is read again under its
   * lock: what was read before the lock only chose the orders worth a transaction.
   */
  async function reconcileOrder(
    found: OrderWithLegs,
    wanted: BetSettlement,
    legs: SettledLeg[],
  ): Promise<SettlementChange | null> {
    const orderId = found.order.id;
    const firstOptionId = found.legs[0]?.optionId ?? '';
    return orderSettling.transaction(async (tx) => {
      const order = await orderSettling.lock(tx, orderId);
      if (!order) return null;
      const [standing] = await orderSettling.standingSettlements(tx, [orderId]);
      if (!needsChange(order.status, standing, wanted, legs)) return null;
      const at = now();
      const change: SettlementChange = { order, firstOptionId };
      if (standing) Object.assign(change, await rollBack(tx, order, standing, at));
      if (wanted.state === 'settled')
        Object.assign(change, await settle(tx, change.order, wanted, legs, at));
      return change;
    });
  }

  /**
   * One batch of first settlements in a database transaction. A batch that fails (a race it
   * cannot sort out in bulk) is taken back whole and its orders settled one by one.
   */
  async function settleFirstTime(
    batch: (FirstSettlement & { found: OrderWithLegs })[],
  ): Promise<SettlementChange[]> {
    try {
      return await db.transaction((tx) =>
        settleFirstTimeBatch({ ledger, orders: orderSettling }, tx as Database, batch, now()),
      );
    } catch {
      const changes: SettlementChange[] = [];
      for (const entry of batch) {
        const change = await reconcileOrder(entry.found, entry.wanted, entry.legs);
        if (change) changes.push(change);
      }
      return changes;
    }
  }

  return {
    /** Brings every order with a leg on the event to what the catalogue now says of it. */
    async reconcileEvent(eventId: number): Promise<SettlementChange[]> {
      const cache = new Map<number, EventFacts>();
      const changes: SettlementChange[] = [];
      const orderIds = await orderSettling.orderIdsByEvent(eventId, reconciledStatuses);
      // Members who ever owed from a rollback take the one-order path, which nets the debt.
      const owing = orderIds.length > 0 ? await membersWithDebt() : new Set<number>();
      // Batches of first settlements run side by side (each on its own connection) while the
      // next orders are read: they share only the last statements' locks on the busy accounts.
      const running = new Set<Promise<void>>();
      let failure: { error: unknown } | undefined;
      const startBatch = async (batch: (FirstSettlement & { found: OrderWithLegs })[]) => {
        while (running.size >= settleBatchesRunning) await Promise.race(running);
        if (failure) throw failure.error;
        const done: Promise<void> = settleFirstTime(batch).then(
          (settled) => {
            changes.push(...settled);
            running.delete(done);
          },
          (error: unknown) => {
            failure ??= { error };
            running.delete(done);
          },
        );
        running.add(done);
      };
      for (let from = 0; from < orderIds.length; from += readBatchSize) {
        const firstTime: (FirstSettlement & { found: OrderWithLegs })[] = [];
        const reads = await readBatch(orderIds.slice(from, from + readBatchSize));
        for (const read of reads) {
          const { wanted, states } = await wantedOf(read.found, read.acceptedAt, cache);
          const legs = wanted.state === 'settled' ? settledLegsOf(states) : [];
          if (!needsChange(read.found.order.status, read.standing, wanted, legs)) continue;
          // The common case, an open bet settled for the first time, is booked in batches.
          // Free-bet orders too take the one-order path: their ends move the free bet's row.
          if (
            !read.standing &&
            wanted.state === 'settled' &&
            !owing.has(read.found.order.userId) &&
            read.found.order.freeBetId === null
          ) {
            const { order, legs: orderLegs } = read.found;
            const firstOptionId = orderLegs[0]?.optionId ?? '';
            firstTime.push({ orderId: order.id, firstOptionId, wanted, legs, found: read.found });
            continue;
          }
          const change = await reconcileOrder(read.found, wanted, legs);
          if (change) changes.push(change);
        }
        for (let start = 0; start < firstTime.length; start += settleBatchSize)
          await startBatch(firstTime.slice(start, start + settleBatchSize));
      }
      await Promise.all(running);
      if (failure) throw failure.error;
      return changes;
    },

    /**
     * Events of the orders settlement may still change, for a catch-up sweep: every open order,
     * and the orders settled within the rollback horizon (the feed corrects a result within hours;
     * a later correction arrives as a message like any other). Bounded so that the sweep does not
     * grow with the whole history of the book.
     */
    eventsToSweep: async () => {
      const horizon = new Date(now().getTime() - sweepRollbackHorizonMs);
      const [open, recent] = await Promise.all([
        orderSettling.eventIdsOfOrders([orderStatus.accepted]),
        orderSettling.eventIdsOfOrders(finishedBySettlement, horizon),
      ]);
      return [...new Set([...open, ...recent])];
    },
  };
}

export type SettlementService = ReturnType<typeof createSettlementService>;
