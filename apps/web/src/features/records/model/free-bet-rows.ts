import { type OrderRecord, orderStatus, type SettlementRecord } from '@sb/contract';
import { freeBetReturnMinor, isFreeBetOrder } from '../../../lib/free-bets/free-bet-order';

/**
 * What a row of the records says an order did to the member's own money (docs/web-betslip.md,
 * Records and free bets).
 *
 * An order of the member's money: the settlement record's `payout` (stake included) and `result`
 * (payout − stake), as the statistics answer them.
 *
 * An order a free bet staked: its stake was never the member's money, so the member's part is
 * only what a win paid them, the return less the stake (`maxPayout`, the bet's own return, less
 * `stake`): the row's payout and its win/loss are those winnings, 0 for a lost free bet (the
 * member lost nothing of theirs). A void free-bet order paid nothing and gave the free bet back
 * (`givenBack`). The settlement record's own `payout` and `result` are the wagering record's,
 * which leaves free bets out (docs/promotions.md, Not wagering), so they are not read for one.
 */
export interface MemberPart {
  isFreeBet: boolean;
  payoutMinor: number;
  resultMinor: number;
  /** A void free-bet order: the free bet was given back to the member. */
  givenBack: boolean;
}

export function settledPartOf(record: SettlementRecord): MemberPart {
  if (!isFreeBetOrder(record)) {
    return {
      isFreeBet: false,
      payoutMinor: record.payout,
      resultMinor: record.result,
      givenBack: false,
    };
  }
  if (record.status === orderStatus.void) {
    return { isFreeBet: true, payoutMinor: 0, resultMinor: 0, givenBack: true };
  }
  const winnings = freeBetReturnMinor(record.stake, record.maxPayout ?? 0);
  return { isFreeBet: true, payoutMinor: winnings, resultMinor: winnings, givenBack: false };
}

/** What an open order can still return to the member: without the stake for a free bet's. */
export function openReturnOf(order: OrderRecord): number | null {
  if (order.maxPayout === null) return null;
  return isFreeBetOrder(order) ? freeBetReturnMinor(order.stake, order.maxPayout) : order.maxPayout;
}
