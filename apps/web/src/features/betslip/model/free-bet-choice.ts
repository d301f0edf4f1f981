import type { FreeBet, OrderBet } from '@sb/contract';
import { combinedOddsUnits, formatMinorUnits, toOddsUnits } from '@sb/domain';
import type { SlipMode } from '../../../lib/slip/slip-rules';

/**
 * A free bet on the slip (docs/promotions.md, Free bets): a token that pays the whole stake of
 * one bet, a single or the parlay, in its currency, at total odds of at least its least odds,
 * before it expires. A winning free bet pays the return without the stake.
 */

/**
 * The free bets the slip may offer in its currency: available, not yet expired, the one to
 * expire first on top.
 */
export function freeBetsForCurrency(
  records: readonly FreeBet[],
  currencyId: number | undefined,
  nowMs: number,
): FreeBet[] {
  if (currencyId === undefined) return [];
  return records
    .filter(
      (freeBet) =>
        freeBet.status === 'available' &&
        freeBet.currencyId === currencyId &&
        freeBet.expiresAt > nowMs,
    )
    .sort((one, other) => one.expiresAt - other.expiresAt || one.id - other.id);
}

/**
 * Where a free bet may go on the slip as it stands. The slip has one stake for all its bets, so a
 * free bet stakes the slip when it makes one bet: one single, or a parlay that can be placed.
 * Several singles share the stake typed (`severalSingles`: the slip says how to use one); an
 * empty slip or a parlay that cannot go offers nothing (`none`).
 */
export type FreeBetSlot = 'bet' | 'severalSingles' | 'none';

export function freeBetSlotOf(
  mode: SlipMode,
  selectionCount: number,
  hasParlayProblem: boolean,
): FreeBetSlot {
  if (selectionCount === 0) return 'none';
  if (mode === 'parlay') return hasParlayProblem ? 'none' : 'bet';
  return selectionCount === 1 ? 'bet' : 'severalSingles';
}

/** The bet's total odds as the book strikes them, ten-thousandths: a parlay's legs multiplied. */
export function totalOddsUnitsOf(decimalOdds: readonly number[]): number {
  return combinedOddsUnits(decimalOdds.map(toOddsUnits));
}

/** Whether the bet's total odds fall short of what the free bet asks (the server refuses, 8543). */
export function isBelowFreeBetOdds(
  freeBet: Pick<FreeBet, 'minOdds'>,
  decimalOdds: readonly number[],
): boolean {
  if (freeBet.minOdds <= 0 || decimalOdds.length === 0) return false;
  return totalOddsUnitsOf(decimalOdds) < freeBet.minOdds;
}

/** The stake field's text while a free bet pays it: its amount exactly, as a stake is typed. */
export function freeBetStakeText(freeBet: Pick<FreeBet, 'amount' | 'scale'>): string {
  return formatMinorUnits(freeBet.amount, freeBet.scale);
}

/** The bet as a free bet stakes it: its amount as the stake, in its scale, with its id. */
export function withFreeBet(
  bet: OrderBet,
  freeBet: Pick<FreeBet, 'id' | 'amount' | 'scale' | 'currencyId'>,
): OrderBet {
  return {
    ...bet,
    stake: freeBet.amount,
    scale: freeBet.scale,
    currencyId: freeBet.currencyId,
    freeBetId: freeBet.id,
  };
}
