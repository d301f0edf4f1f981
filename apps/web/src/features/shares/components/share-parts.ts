import {
  type LegResult,
  type OrderRecord,
  orderStatus,
  type Share,
  type ShareOutcome,
} from '@sb/contract';

type OrderLeg = OrderRecord['legs'][number];

const statusTextKeys: Record<number, string> = {
  [orderStatus.pending]: 'sharePage.statusPending',
  [orderStatus.accepted]: 'sharePage.statusOpen',
  [orderStatus.rejected]: 'sharePage.statusRejected',
  [orderStatus.settled]: 'sharePage.statusSettled',
  [orderStatus.cashedOut]: 'sharePage.statusCashedOut',
  [orderStatus.void]: 'sharePage.statusVoid',
};

const outcomeTextKeys: Record<ShareOutcome, string> = {
  won: 'sharePage.outcomeWon',
  lost: 'sharePage.outcomeLost',
  push: 'sharePage.outcomePush',
  void: 'sharePage.outcomeVoid',
  cashed_out: 'sharePage.outcomeCashedOut',
  rejected: 'sharePage.outcomeRejected',
};

/**
 * The frozen legs named in the reader's language: the answer's `legNames` (read from the signed
 * names of every language, or the leg's own in a share of layout 1).
 */
export function namedLegsOf(share: Share): Share['placed']['legs'] {
  return share.placed.legs.map((leg, index) => ({ ...leg, ...share.legNames[index] }));
}

/** A frozen leg drawn as my bets draws an order's legs, its result from `settled` once final. */
export function orderLegsOf(share: Share): OrderLeg[] {
  return namedLegsOf(share).map((leg, index) => ({
    ...leg,
    requestedOdds: leg.odds,
    result: (share.settled?.legResults[index] ?? null) as LegResult | null,
  }));
}

/** What a share's order is now, or how it ended once frozen. */
export function statusTextOf(share: Share, t: (key: string) => string): string {
  return share.settled
    ? t(outcomeTextKeys[share.settled.outcome])
    : t(statusTextKeys[share.status] ?? 'sharePage.statusOpen');
}
