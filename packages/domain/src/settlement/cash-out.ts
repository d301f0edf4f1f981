import { ODDS_SCALE } from '../odds/price';
import { multiplyRatios, RATIO_ONE, type Ratio, ratio } from './ratio';
import {
  assertLegCount,
  assertStakeMinor,
  floorMinor,
  type LegState,
  settleLeg,
} from './settle-bet';
import { assertOddsUnits, returnPerStakeOf } from './settle-selection';

export interface CashOutLeg {
  /** The price the bet was accepted at, in ten-thousandths. */
  placedOddsUnits: number;
  /**
   * The price of the same outcome now; null while its market is suspended, 0 when the feed no
   * longer offers it. Ignored for a leg that is already settled or void.
   */
  currentOddsUnits: number | null;
  /** Absent means open. */
  outcome?: LegState;
}

export interface CashOutRequest {
  stakeMinor: number;
  legs: readonly CashOutLeg[];
  /** The house's cut of the value, in ten-thousandths (250 keeps 2.5%); 0 ≤ margin < 10000. */
  marginUnits: number;
}

export interface CashOutOffer {
  /** What the member is offered now: the value less the margin, rounded down. */
  offerMinor: number;
  /** The value before the margin, rounded down (for risk views and audit). */
  valueMinor: number;
}

function assertMarginUnits(marginUnits: number): void {
  if (!Number.isSafeInteger(marginUnits) || marginUnits < 0 || marginUnits >= ODDS_SCALE) {
    throw new RangeError(
      `marginUnits must be an integer in [0, ${ODDS_SCALE}), got ${marginUnits}`,
    );
  }
}

/**
 * Prices an open bet from current odds:
 *
 *   value = stake × Π(placed / current, open legs) × Π(return factor, settled legs)
 *   offer = ⌊value × (10000 − marginUnits) / 10000⌋
 *
 * A leg at current odds C has an implied chance of 1/C of paying placed odds P, so the open part
 * is worth P / C per unit; current odds already carry the book's margin, so even a zero
 * marginUnits offer favours the house. Only the final amount is rounded, down. There is no offer
 * (null) while any open leg's market is suspended or unpriced, nor once the bet is decided: a
 * lost leg, or no open leg left, means settlement pays it instead.
 */
export function cashOutOffer(request: CashOutRequest): CashOutOffer | null {
  assertStakeMinor(request.stakeMinor);
  assertLegCount(request.legs.length);
  assertMarginUnits(request.marginUnits);
  let factor: Ratio = RATIO_ONE;
  let hasOpenLeg = false;
  let isPriced = true;
  for (const leg of request.legs) {
    assertOddsUnits(leg.placedOddsUnits, 'placedOddsUnits');
    const settled = settleLeg({ oddsUnits: leg.placedOddsUnits, outcome: leg.outcome ?? 'open' });
    if (settled?.returnFactorUnits.numerator === 0n) return null;
    if (settled) {
      factor = multiplyRatios(factor, returnPerStakeOf(settled));
      continue;
    }
    hasOpenLeg = true;
    if (leg.currentOddsUnits === null || leg.currentOddsUnits === 0) {
      isPriced = false;
      continue;
    }
    assertOddsUnits(leg.currentOddsUnits, 'currentOddsUnits');
    factor = multiplyRatios(factor, ratio(leg.placedOddsUnits, leg.currentOddsUnits));
  }
  if (!hasOpenLeg || !isPriced) return null;
  const keptByMember = ratio(ODDS_SCALE - request.marginUnits, ODDS_SCALE);
  return {
    offerMinor: floorMinor(request.stakeMinor, multiplyRatios(factor, keptByMember)),
    valueMinor: floorMinor(request.stakeMinor, factor),
  };
}
