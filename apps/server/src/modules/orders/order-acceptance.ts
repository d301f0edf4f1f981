import { betStatusReason, orderStatus } from '@sb/contract';
import { decodeOptionId } from '@sb/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { type PeriodicJob, startPeriodicJob } from '../../platform/periodic-job';
import type { ReadModel } from '../feed/feed.types';
import type { Ledger } from '../ledger/ledger.service';
import { stakeEndTransfers } from './bonus-stakes';
import type { FreeBetStakes } from './free-bet-stakes';
import { isPriceAcceptable, isRefusal, payoutOf, priceSelection } from './order-pricing';
import type { OrdersRepository, OrderWithLegs } from './orders.repository';

/** Orders one sweep decides at most; the next sweep takes the rest. */
const sweepBatchLimit = 200;

/** The decision on a pending order, from the book as it stands now. */
type Decision =
  | { status: typeof orderStatus.accepted; legOdds: number[] }
  | { status: typeof orderStatus.rejected; reason: number };

/**
 * Re-checks every leg of a pending live order after its bet delay: the market must still be open
 * and the price, on the member's terms at placement, still one their acceptOdds choice takes.
 * An accepted bet is struck at the price of this moment.
 */
function decide(readModel: ReadModel, { order, legs }: OrderWithLegs): Decision {
  const legOdds: number[] = [];
  for (const leg of legs) {
    const ref = decodeOptionId(leg.optionId);
    if (!ref) return { status: orderStatus.rejected, reason: betStatusReason.marketClosed };
    const priced = priceSelection(readModel, ref, leg.optionId, order.oddsConfig);
    if (isRefusal(priced)) return { status: orderStatus.rejected, reason: priced.reason };
    if (!isPriceAcceptable(order.acceptOdds, leg.requestedOddsUnits, priced.oddsUnits))
      return { status: orderStatus.rejected, reason: betStatusReason.oddsChanged };
    legOdds.push(priced.oddsUnits);
  }
  return { status: orderStatus.accepted, legOdds };
}

/**
 * Decides pending live orders once their bet delay has passed. The process that placed an order
 * schedules it; every process also sweeps for due orders now and then, so an order whose process
 * died is still decided. Two processes may try the same order: the status moves from pending in
 * one conditional statement inside the decision's transaction, so exactly one of them wins and
 * the other writes nothing.
 */
export function createOrderAcceptance(deps: {
  repository: OrdersRepository;
  ledger: Ledger;
  /** A rejected bet of a free bet gives the free bet back. */
  freeBets?: FreeBetStakes | undefined;
  readModel: ReadModel;
  now: () => Date;
  sweepIntervalMs: number;
  log: FastifyBaseLogger;
  /** Called after a decision commits, with the order as decided. */
  onDecided: (order: OrderWithLegs) => void;
}) {
  const { repository, ledger, readModel, now, log } = deps;
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<unknown>>();
  let sweepJob: PeriodicJob | undefined;
  let isStopped = false;

  /**
   * A free bet's least odds hold at acceptance too: a bet the member's acceptOdds choice would
   * strike below them (a price that fell in the delay) is rejected, and the free bet given back.
   */
  async function freeBetDecisionWithin(
    tx: Database,
    order: OrderWithLegs['order'],
    decision: Decision,
  ): Promise<Decision> {
    if (decision.status !== orderStatus.accepted || order.freeBetId === null) return decision;
    if (!deps.freeBets) throw new Error(`order ${order.orderNo}: free bets are not wired`);
    const token = await deps.freeBets.lockWithin(tx, order.userId, order.freeBetId);
    const { totalOddsUnits } = payoutOf(order.stakeMinor, decision.legOdds);
    return token && totalOddsUnits < token.minOdds
      ? { status: orderStatus.rejected, reason: betStatusReason.oddsChanged }
      : decision;
  }

  /** Writes the decision unless another process decided first; answers the order if it wrote. */
  async function commitDecision(found: OrderWithLegs, proposed: Decision) {
    const { order } = found;
    const at = now();
    return repository.transaction(async (bound, tx) => {
      const decision = await freeBetDecisionWithin(tx, order, proposed);
      const totals =
        decision.status === orderStatus.accepted
          ? payoutOf(order.stakeMinor, decision.legOdds)
          : {
              totalOddsUnits: order.totalOddsUnits,
              potentialPayoutMinor: order.potentialPayoutMinor,
            };
      const reason = decision.status === orderStatus.rejected ? decision.reason : 0;
      const updated = await bound.decidePending(order.id, {
        status: decision.status,
        reason,
        totalOddsUnits: totals.totalOddsUnits,
        potentialPayoutMinor: Number(totals.potentialPayoutMinor),
        updatedAt: at,
      });
      if (!updated) return null;
      await bound.recordStatus({
        orderId: order.id,
        fromStatus: orderStatus.pending,
        toStatus: decision.status,
        reason,
        actor: 'system',
        at,
      });
      let legs = found.legs;
      if (decision.status === orderStatus.accepted) {
        legs = legs.map((leg, index) => ({ ...leg, oddsUnits: decision.legOdds[index] ?? 0 }));
        for (const leg of legs) await bound.updateLegOdds(leg.id, leg.oddsUnits);
      } else if (order.freeBetId !== null) {
        // The free bet is the member's again (free-bet-stakes.ts).
        if (!deps.freeBets) throw new Error(`order ${order.orderNo}: free bets are not wired`);
        await deps.freeBets.giveBackWithin(tx, order, {
          kind: 'order_free_bet_release',
          idempotencyKey: `order-free-bet-release:${order.orderNo}`,
        });
      } else {
        // The stake goes back to the buckets it came from (bonus-stakes.ts).
        for (const transfer of stakeEndTransfers(order, order.stakeMinor, {
          cash: { kind: 'order_release', idempotencyKey: `order-release:${order.orderNo}` },
          bonus: {
            kind: 'order_bonus_release',
            idempotencyKey: `order-bonus-release:${order.orderNo}`,
          },
        }))
          await ledger.transferWithin(tx, transfer);
      }
      return { order: updated, legs };
    });
  }

  async function decideOrder(orderId: number): Promise<void> {
    const found = await repository.findById(orderId);
    if (!found || found.order.status !== orderStatus.pending) return;
    // Before the first snapshot this process knows no market at all: deciding now would reject
    // every bet a restart found pending. The next sweep decides them.
    if (readModel.epoch === 0) return;
    const decided = await commitDecision(found, decide(readModel, found));
    if (decided) deps.onDecided(decided);
  }

  /** Runs `work` tracked, so closing the app waits for it; failures are logged, never thrown. */
  function track(work: () => Promise<void>): Promise<void> {
    const promise = work().catch((error: unknown) =>
      log.error({ err: error }, 'deciding pending orders failed'),
    );
    running.add(promise);
    void promise.finally(() => running.delete(promise));
    return promise;
  }

  async function sweep(): Promise<void> {
    const due = await repository.findDuePending(now(), sweepBatchLimit);
    for (const orderId of due) {
      if (isStopped) return;
      await decideOrder(orderId);
    }
  }

  return {
    /** Decides the order once `delayMs` has passed. */
    schedule(orderId: number, delayMs: number): void {
      if (isStopped) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        void track(() => decideOrder(orderId));
      }, delayMs);
      timers.add(timer);
    },

    /** Decides every order already due (those a stopped process left), then keeps sweeping. */
    start(): void {
      sweepJob = startPeriodicJob({
        run: () => track(sweep),
        everyMs: deps.sweepIntervalMs,
        onError: (error) => log.error({ err: error }, 'deciding pending orders failed'),
        runAtStart: true,
      });
    },

    /** Decides what is due now; for callers that cannot wait for the next sweep. */
    sweep: () => track(sweep),

    async stop(): Promise<void> {
      isStopped = true;
      const sweepStopped = sweepJob?.stop();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all([sweepStopped, ...running]);
    },
  };
}

export type OrderAcceptance = ReturnType<typeof createOrderAcceptance>;
