import { ODDS_SCALE } from '../odds/price';
import { addRatios, multiplyRatios, type Ratio, ratio, ratioFromFactor } from './ratio';

/**
 * One selection's result as the feed's bet_settlement gives it (Sportradar semantics).
 * `voidFactor` is the part of the stake refunded: 0.5 on an Asian quarter line that half wins or
 * half loses, 1 on a push. `deadHeatFactor` is the share of a win left after a dead heat
 * (0.5 for two sharing a place, 1/3 for three); it only matters when the result is 'won'.
 */
export interface SelectionOutcome {
  result: 'won' | 'lost';
  /** 0, 0.5 or 1; absent means 0. */
  voidFactor?: number;
  /** 0 < factor ≤ 1; absent means 1. */
  deadHeatFactor?: number;
}

/**
 * How a selection went, for statements and the member's bet history. A dead heat is its own
 * result because it may pay less than the stake (a third of a win at 2.50 returns 0.83).
 */
export type SelectionResult = 'won' | 'lost' | 'void' | 'half_won' | 'half_lost' | 'dead_heat';

export interface SelectionSettlement {
  result: SelectionResult;
  /**
   * What one unit of stake returns, in ten-thousandths like odds, exact: 19500 for a win at
   * 1.95, 0 for a loss, 10000 for a void, 14750 for a half win at 1.95.
   */
  returnFactorUnits: Ratio;
}

/** A void or cancelled selection: the stake comes back, whatever the odds. */
export const VOID_OUTCOME: Readonly<SelectionOutcome> = Object.freeze({
  result: 'lost',
  voidFactor: 1,
});

/** A decimal price below 1.00 would make a win lose money, so no stored price is below 10000. */
export function assertOddsUnits(oddsUnits: number, name = 'oddsUnits'): void {
  if (!Number.isSafeInteger(oddsUnits) || oddsUnits < ODDS_SCALE) {
    throw new RangeError(`${name} must be an integer of at least ${ODDS_SCALE}, got ${oddsUnits}`);
  }
}

function readVoidFactor(value: number | undefined): Ratio {
  if (value === undefined || value === 0) return ratio(0n);
  if (value === 0.5) return ratio(1n, 2n);
  if (value === 1) return ratio(1n);
  throw new RangeError(`voidFactor must be 0, 0.5 or 1, got ${value}`);
}

function readDeadHeatFactor(value: number | undefined): Ratio {
  if (value === undefined) return ratio(1n);
  if (!(value > 0)) throw new RangeError(`deadHeatFactor must be above 0, got ${value}`);
  return ratioFromFactor(value, 'deadHeatFactor');
}

function classify(outcome: SelectionOutcome, voidFactor: Ratio, deadHeat: Ratio): SelectionResult {
  if (voidFactor.numerator === voidFactor.denominator) return 'void';
  const won = outcome.result === 'won';
  if (voidFactor.numerator !== 0n) return won ? 'half_won' : 'half_lost';
  if (!won) return 'lost';
  return deadHeat.numerator === deadHeat.denominator ? 'won' : 'dead_heat';
}

/**
 * The exact return of one selection per unit of stake:
 * `(1 − voidFactor) × won × odds × deadHeatFactor + voidFactor`, in ten-thousandths.
 * Won at 1.95 → 1.95; lost → 0; void → 1; half won → (1.95 + 1) / 2; half lost → 0.5;
 * dead heat f → 1.95 × f.
 */
export function settleSelection(outcome: SelectionOutcome, oddsUnits: number): SelectionSettlement {
  assertOddsUnits(oddsUnits);
  if (outcome.result !== 'won' && outcome.result !== 'lost') {
    throw new RangeError(`result must be 'won' or 'lost', got ${String(outcome.result)}`);
  }
  const voidFactor = readVoidFactor(outcome.voidFactor);
  const deadHeat = readDeadHeatFactor(outcome.deadHeatFactor);
  const stakeInPlay = ratio(voidFactor.denominator - voidFactor.numerator, voidFactor.denominator);
  const winUnits =
    outcome.result === 'won' ? multiplyRatios(ratio(oddsUnits), deadHeat) : ratio(0n);
  const returnFactorUnits = addRatios(
    multiplyRatios(stakeInPlay, winUnits),
    multiplyRatios(voidFactor, ratio(ODDS_SCALE)),
  );
  return { result: classify(outcome, voidFactor, deadHeat), returnFactorUnits };
}

/** A selection's return as a plain multiple of its stake (units divided by 10000). */
export function returnPerStakeOf(settlement: SelectionSettlement): Ratio {
  return multiplyRatios(settlement.returnFactorUnits, ratio(1n, ODDS_SCALE));
}

/** The feed's per-outcome result (result 1 or 0) as a selection outcome. */
export function outcomeFromFeed(settled: {
  result: 0 | 1;
  voidFactor: number;
  deadHeatFactor?: number;
}): SelectionOutcome {
  const outcome: SelectionOutcome = {
    result: settled.result === 1 ? 'won' : 'lost',
    voidFactor: settled.voidFactor,
  };
  if (settled.deadHeatFactor !== undefined) outcome.deadHeatFactor = settled.deadHeatFactor;
  return outcome;
}
