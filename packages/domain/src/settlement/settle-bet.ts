import { floorRatio, multiplyRatios, RATIO_ONE, type Ratio, ratio } from './ratio';
import {
  assertOddsUnits,
  returnPerStakeOf,
  type SelectionOutcome,
  type SelectionResult,
  type SelectionSettlement,
  settleSelection,
  VOID_OUTCOME,
} from './settle-selection';

/** SPEC §5: a slip holds at most 8 selections, so a bet never has more legs. */
export const MAX_BET_LEGS = 8;

/**
 * Where one leg stands: settled by the feed, 'void' (a cancelled market, bet_cancel, or a
 * refund for any other reason), or still 'open'. A rollback puts a leg back to 'open'.
 */
export type LegState = SelectionOutcome | 'void' | 'open';

export interface BetLeg {
  /** The price the bet was accepted at, in ten-thousandths. */
  oddsUnits: number;
  outcome: LegState;
}

export interface BetToSettle {
  stakeMinor: number;
  /** One leg for a single, two to MAX_BET_LEGS for a parlay. */
  legs: readonly BetLeg[];
}

/** A leg's result, or 'partly' for a parlay whose legs mix wins with half results or dead heats. */
export type BetResult = SelectionResult | 'partly';

export type BetSettlement =
  | { state: 'open' }
  | {
      state: 'settled';
      result: BetResult;
      /** stake × returnPerStake, rounded down to the minor unit. */
      payoutMinor: number;
      /** The exact multiple of the stake paid back: the product of the legs' return factors. */
      returnPerStake: Ratio;
    };

export function assertStakeMinor(stakeMinor: number): void {
  if (!Number.isSafeInteger(stakeMinor) || stakeMinor <= 0) {
    throw new RangeError(`stakeMinor must be a positive safe integer, got ${stakeMinor}`);
  }
}

export function assertLegCount(count: number): void {
  if (count < 1 || count > MAX_BET_LEGS) {
    throw new RangeError(`a bet has 1 to ${MAX_BET_LEGS} legs, got ${count}`);
  }
}

/** stake × factor rounded down: the one rounding rule of settlement and cash out. */
export function floorMinor(stakeMinor: number, factor: Ratio): number {
  const amount = floorRatio(multiplyRatios(ratio(stakeMinor), factor));
  if (amount > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new RangeError(`amount ${amount} is beyond a safe integer`);
  }
  return Number(amount);
}

/** A leg's settlement, or null while it is open. */
export function settleLeg(leg: BetLeg): SelectionSettlement | null {
  if (leg.outcome === 'open') return null;
  return settleSelection(leg.outcome === 'void' ? VOID_OUTCOME : leg.outcome, leg.oddsUnits);
}

function betResult(results: readonly SelectionResult[]): BetResult {
  const counted = results.filter((result) => result !== 'void');
  const [first] = counted;
  if (first === undefined) return 'void';
  if (counted.length === 1) return first;
  return counted.every((result) => result === 'won') ? 'won' : 'partly';
}

/**
 * Settles a single or a parlay from the current state of its legs. The payout is
 * stake × Π(leg return factors), a void leg counting 1, computed exactly and rounded down to the
 * minor unit once at the end. A lost leg decides the bet lost at once, even with legs still open;
 * otherwise any open leg keeps the bet open. Being a pure function of the legs, it serves
 * resettlement and rollback too: recompute and book the difference from what was paid.
 */
export function settleBet(bet: BetToSettle): BetSettlement {
  assertStakeMinor(bet.stakeMinor);
  assertLegCount(bet.legs.length);
  for (const leg of bet.legs) assertOddsUnits(leg.oddsUnits);
  const settled = bet.legs.map(settleLeg);
  if (settled.some((leg) => leg?.returnFactorUnits.numerator === 0n)) {
    return { state: 'settled', result: 'lost', payoutMinor: 0, returnPerStake: ratio(0n) };
  }
  const results: SelectionResult[] = [];
  let returnPerStake = RATIO_ONE;
  for (const leg of settled) {
    if (leg === null) return { state: 'open' };
    results.push(leg.result);
    returnPerStake = multiplyRatios(returnPerStake, returnPerStakeOf(leg));
  }
  return {
    state: 'settled',
    result: betResult(results),
    payoutMinor: floorMinor(bet.stakeMinor, returnPerStake),
    returnPerStake,
  };
}

/**
 * Whether a bet_cancel applies to a bet accepted at `acceptedAtMs`: without a window it voids
 * every bet on the market; with one, only those accepted in [startTime, endTime).
 */
export function isAcceptedInCancelWindow(
  acceptedAtMs: number,
  window: { startTime?: number; endTime?: number },
): boolean {
  if (window.startTime !== undefined && acceptedAtMs < window.startTime) return false;
  if (window.endTime !== undefined && acceptedAtMs >= window.endTime) return false;
  return true;
}
