import type { Database } from '../../db/database';
import type { Posting, TransferRequest } from '../ledger/ledger.service';
import type { EndStep } from './bonus-stakes';

/**
 * Stakes paid with a free bet (docs/promotions.md, Free bets). The tokens are the bonus
 * module's; placement, the release of a rejected bet and settlement reach them through this
 * port, which the bonus module (registered after the orders) sets.
 */

/** A free bet as placement reads it under its lock. */
export interface FreeBetToken {
  id: number;
  userId: number;
  currencyId: number;
  amount: number;
  /** Least total odds, ten-thousandths; 0 for none. */
  minOdds: number;
  status: string;
  expiresAt: Date;
  orderId: number | null;
}

/** The order fields a free bet's end reads. */
export interface FreeBetOrder {
  id: number;
  orderNo: string;
  userId: number;
  currencyId: number;
  stakeMinor: number;
  freeBetId: number | null;
}

export interface FreeBetStakes {
  /**
   * Locks the member's free bet in `tx` and answers it; undefined for an unknown id or another
   * member's, which answer alike.
   */
  lockWithin(tx: Database, userId: number, freeBetId: number): Promise<FreeBetToken | undefined>;
  /** Marks the locked free bet used by the order and books its amount free_bet → stakes_held. */
  stakeWithin(
    tx: Database,
    token: FreeBetToken,
    order: { id: number; orderNo: string },
  ): Promise<void>;
  /**
   * The order ended without standing (a rejected live bet, a void settlement): its stake leaves
   * stakes_held and the free bet is the member's again, as it was (its expiry unchanged; one past
   * its expiry expires at once). A free bet another order holds by now (after a rollback took
   * the house's money instead) leaves the stake to the house.
   */
  giveBackWithin(tx: Database, order: FreeBetOrder, step: EndStep): Promise<void>;
  /**
   * A rollback of a void settlement: the stake is held again, from the free bet if it is still
   * available, else from the house (the member used it again or it expired meanwhile).
   */
  retakeWithin(tx: Database, order: FreeBetOrder, step: EndStep): Promise<void>;
  /** What the order's settlement paid the member (its return less the stake); 0 to undo it. */
  recordWinningsWithin(tx: Database, freeBetId: number, winnings: number): Promise<void>;
}

/**
 * A free bet's return as paid: the return less the stake, never below zero (a lost or half lost
 * bet pays nothing; the stake was never the member's money).
 */
export function freeBetWinningsOf(stakeMinor: number, returnMinor: number): number {
  return Math.max(0, returnMinor - stakeMinor);
}

/**
 * The ledger transaction that settles a free-bet order returning `returnMinor` (stake included),
 * other than void: the stake leaves stakes_held for the house, and the house pays the winnings
 * (the return less the stake) to the member's main. Lost: stakes_held → house only.
 */
export function freeBetSettleTransfer(
  order: FreeBetOrder,
  returnMinor: number,
  step: EndStep,
): TransferRequest {
  const { userId, currencyId } = order;
  const winnings = freeBetWinningsOf(order.stakeMinor, returnMinor);
  const postings: Posting[] = [
    { account: { systemCode: 'stakes_held', currencyId }, amount: -order.stakeMinor },
    { account: { systemCode: 'house', currencyId }, amount: order.stakeMinor - winnings },
    { account: { userId, bucket: 'main', currencyId }, amount: winnings },
  ];
  return {
    idempotencyKey: step.idempotencyKey,
    kind: step.kind,
    reference: order.orderNo,
    metadata: { freeBetId: order.freeBetId },
    postings: postings.filter((posting) => posting.amount !== 0),
  };
}

/**
 * The port as the orders module holds it before the bonus module sets it: a free bet used before
 * then is refused as unknown, and an end without the port is a fault.
 */
export function createFreeBetSlot(): FreeBetStakes & { use(port: FreeBetStakes): void } {
  let port: FreeBetStakes | undefined;
  const required = (): FreeBetStakes => {
    if (!port) throw new Error('free bets are not wired: the bonus module sets them');
    return port;
  };
  return {
    use(next) {
      port = next;
    },
    lockWithin: async (tx, userId, freeBetId) => port?.lockWithin(tx, userId, freeBetId),
    stakeWithin: (tx, token, order) => required().stakeWithin(tx, token, order),
    giveBackWithin: (tx, order, step) => required().giveBackWithin(tx, order, step),
    retakeWithin: (tx, order, step) => required().retakeWithin(tx, order, step),
    recordWinningsWithin: (tx, id, winnings) => required().recordWinningsWithin(tx, id, winnings),
  };
}
