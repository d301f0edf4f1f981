import type { ParlayProblem, StakeProblem } from '../../lib/slip/slip-rules';

/** `H` `bs` (and the order status void) to the text key of its name. */
export const statusTextKeys = [
  'slip.statusPending',
  'slip.statusAccepted',
  'slip.statusRejected',
  'slip.statusSettled',
  'slip.statusCashedOut',
  'slip.statusVoid',
] as const;

/** `H` `mr` to the text key of the reason; 0 has none. */
export const reasonTextKeys: Record<number, string> = {
  1: 'slip.reasonOddsChanged',
  2: 'slip.reasonOverLimit',
  3: 'slip.reasonInsufficientFunds',
  4: 'slip.reasonMarketClosed',
};

/** What is wrong with the stake typed, to the text key that says so beside it. */
export const stakeProblemTextKeys: Record<StakeProblem, string> = {
  invalid: 'slip.stakeInvalid',
  belowMin: 'slip.stakeBelowMin',
  aboveMax: 'slip.stakeAboveMax',
  overBalance: 'slip.stakeOverBalance',
};

/** Why a slip cannot go as a parlay, to the text key that says so. */
export const parlayProblemTextKeys: Record<ParlayProblem, string> = {
  parlayNeedsTwo: 'slip.parlayNeedsTwo',
  sameMatch: 'slip.sameMatch',
  noMixBet: 'noMixBet',
  noMixBetChampion: 'noMixBetChampion',
};
