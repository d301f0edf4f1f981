/** Settlement and cash-out maths; the rules and the rounding are stated in README.md here. */
export { type CashOutLeg, type CashOutOffer, type CashOutRequest, cashOutOffer } from './cash-out';
export {
  addRatios,
  compareRatios,
  floorRatio,
  multiplyRatios,
  RATIO_ONE,
  RATIO_ZERO,
  type Ratio,
  ratio,
  ratioFromFactor,
  ratioToNumber,
} from './ratio';
export {
  type BetLeg,
  type BetResult,
  type BetSettlement,
  type BetToSettle,
  isAcceptedInCancelWindow,
  type LegState,
  MAX_BET_LEGS,
  settleBet,
} from './settle-bet';
export {
  outcomeFromFeed,
  returnPerStakeOf,
  type SelectionOutcome,
  type SelectionResult,
  type SelectionSettlement,
  settleSelection,
  VOID_OUTCOME,
} from './settle-selection';
