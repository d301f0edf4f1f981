import type { OrderRecord } from '@sb/contract';

/**
 * An order a free bet staked (docs/promotions.md, Free bets): its record names the free bet in
 * `freeBetId`. Its `payout` and `maxPayout` stay the bet's own return, stake included; what the
 * member gets of a win is that return less the stake, which was never theirs. My bets, the
 * receipt and the records page all read an order through these.
 */
type FreeBetMark = { freeBetId?: number | null | undefined };

export function isFreeBetOrder(order: FreeBetMark): boolean {
  return order.freeBetId !== undefined && order.freeBetId !== null;
}

/** What a free bet's win pays: the return less the stake, never below zero. */
export function freeBetReturnMinor(stakeMinor: number, returnMinor: number): number {
  return Math.max(0, returnMinor - stakeMinor);
}

/**
 * What an order's row says it returns: the return with the stake for an order of the member's
 * money, without it for one a free bet staked (the stake was never the member's).
 */
export function shownReturnMinor(
  order: Pick<OrderRecord, 'stake'> & FreeBetMark,
  returnMinor: number,
): number {
  return isFreeBetOrder(order) ? freeBetReturnMinor(order.stake, returnMinor) : returnMinor;
}

/** The stake's label key: a free bet's stake is said to be one, any other takes `ownKey`. */
export function stakeTextKeyOf(order: FreeBetMark, ownKey: string): string {
  return isFreeBetOrder(order) ? 'freeBetOrder.stake' : ownKey;
}
