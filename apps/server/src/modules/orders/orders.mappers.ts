import {
  type BetStatusEvent,
  betStatus,
  type LegResult,
  legResults,
  type OrderRecord,
  orderStatus,
} from '@sb/contract';
import { findCurrencyById, type LegState, settleBet } from '@sb/domain';
import type { OrderWithLegs } from './orders.repository';

/** A settled leg's result as the contract names it; an undecided ('open') or unsettled leg has none. */
function legResultOf(result: string | null): LegResult | null {
  return legResults.find((known) => known === result) ?? null;
}

/** A leg still open, taken as won: what the order pays if it and the other open legs win. */
const wonOutcome: LegState = { result: 'won' };

/**
 * What the order can still pay, stake included, with settlement's maths (settleBet): its open
 * legs taken as won, its settled legs as they settled. A settled or void order has no open leg
 * left, or a lost one, so this is what it paid. Rejected and cashed-out orders have none: their
 * legs no longer decide what they return.
 */
export function maxPayoutOf({ order, legs }: OrderWithLegs): number | null {
  if (order.status === orderStatus.rejected || order.status === orderStatus.cashedOut) return null;
  const settlement = settleBet({
    stakeMinor: order.stakeMinor,
    legs: legs.map((leg) => ({
      oddsUnits: leg.oddsUnits,
      outcome: leg.state === undefined || leg.state === 'open' ? wonOutcome : leg.state,
    })),
  });
  // With no leg left open the bet is always decided; the branch only satisfies the type.
  return settlement.state === 'settled' ? settlement.payoutMinor : null;
}

/** An order as its owner reads it. */
export function toOrderRecord({ order, legs }: OrderWithLegs): OrderRecord {
  const currency = findCurrencyById(order.currencyId);
  return {
    orderNo: order.orderNo,
    betType: order.betType,
    status: order.status,
    reason: order.reason,
    stake: order.stakeMinor,
    bonusStake: order.bonusStakeMinor,
    freeBetId: order.freeBetId,
    scale: currency?.scale ?? 0,
    currencyId: order.currencyId,
    currencyCode: currency?.currencyCode ?? '',
    odds: order.totalOddsUnits,
    potentialPayout: order.potentialPayoutMinor,
    maxPayout: maxPayoutOf({ order, legs }),
    acceptOdds: order.acceptOdds,
    isLive: order.isLive,
    createTime: order.createdAt.getTime(),
    legs: legs.map((leg) => ({
      optId: leg.optionId,
      gameId: leg.eventId,
      sportId: leg.sportId,
      leagueId: leg.leagueId,
      playId: leg.playId,
      specifiers: leg.specifiers,
      outcomeId: leg.outcomeId,
      requestedOdds: leg.requestedOddsUnits,
      odds: leg.oddsUnits,
      home: leg.homeName,
      away: leg.awayName,
      leagueName: leg.leagueName,
      optName: leg.outcomeName,
      result: legResultOf(leg.result ?? null),
    })),
  };
}

/**
 * The `H` events of an order's status: one per leg, since the client marks each slip option by
 * its option id (`oi`); a parlay's legs share the order's status and reason.
 */
export function betStatusEventsOf({ order, legs }: OrderWithLegs): BetStatusEvent[] {
  // Void is not a `bs` value: a voided bet is settled with its stake returned.
  const bs = order.status === orderStatus.void ? betStatus.settled : order.status;
  return legs.map((leg) => ({ orderNo: order.orderNo, oi: leg.optionId, bs, mr: order.reason }));
}
