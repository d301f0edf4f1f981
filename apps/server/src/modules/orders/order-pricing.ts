import { acceptOddsChoice, betStatusReason } from '@sb/contract';
import {
  combinedOddsUnits,
  fromOddsUnits,
  memberOdds,
  ODDS_SCALE,
  type OptionRef,
  toOddsUnits,
} from '@sb/domain';
import { type Fixture, marketKey } from '@sb/feed-sim';
import { isDecidedNow } from '../feed/feed.service';
import type { ReadModel } from '../feed/feed.types';
import { homeAndAway } from '../match/match.service';

/** One selection as the book prices it for this member right now. */
export interface PricedSelection {
  ref: OptionRef;
  optionId: string;
  sportId: number;
  leagueId: number;
  isLive: boolean;
  marketStatus: string;
  /** What the member bets on, named as the book names it now (recorded on the leg). */
  names: { homeName: string; awayName: string; leagueName: string; outcomeName: string };
  /**
   * The member's price in ten-thousandths (the book's margin and their oddsConfig applied, as the
   * match calls show it).
   */
  oddsUnits: number;
}

/** Why a selection cannot be bet on now, as the `H` event's `mr` names it. */
export type SelectionRefusal = { reason: number; message: string };

/** Whether `currentUnits` is a price the member takes, given the price they asked for. */
export function isPriceAcceptable(
  choice: number,
  requestedUnits: number,
  currentUnits: number,
): boolean {
  if (choice === acceptOddsChoice.anyChange) return true;
  if (choice === acceptOddsChoice.onlyBetter) return currentUnits >= requestedUnits;
  return currentUnits === requestedUnits;
}

/**
 * Prices one selection from the read model: the market must be there and open, the outcome
 * offered. A live event is one in play now; its bet waits out the bet delay.
 */
export function priceSelection(
  readModel: ReadModel,
  ref: OptionRef,
  optionId: string,
  oddsConfig: readonly number[],
): PricedSelection | SelectionRefusal {
  const closed = (why: string): SelectionRefusal => ({
    reason: betStatusReason.marketClosed,
    message: `${optionId}: ${why}`,
  });
  const state = readModel.get(ref.eventId);
  if (!state) return closed('the match is not in the book');
  const market = state.markets.get(marketKey({ playId: ref.playId, specifiers: ref.specifiers }));
  if (!market) return closed('the market is not offered');
  if (!readModel.isMarketOpen(state, market))
    return closed(`the market is ${market.status === 'active' ? 'suspended' : market.status}`);
  const outcome = market.outcomes.find((candidate) => candidate.id === ref.outcomeId);
  if (!outcome?.active || outcome.odds <= 0) return closed('the selection is not offered');
  const status = state.status.status;
  if (status !== 'not_started' && status !== 'live') return closed(`the match is ${status}`);
  // Whatever the feed prices, where the match stands may already decide the outcome (a line
  // passed, a score ruled out, a virtual event under way): such a bet is never taken.
  if (isDecidedNow(state, market, outcome.id))
    return closed(
      state.fixture.liveOdds
        ? 'the score has decided the selection'
        : 'betting closed at the start',
    );
  return {
    ref,
    optionId,
    sportId: state.fixture.sportId,
    leagueId: state.fixture.league.id,
    isLive: status === 'live',
    marketStatus: market.status,
    names: namesOf(state.fixture, outcome.name),
    // The book's margin on the play, then the member's own: as the match calls price it.
    oddsUnits: toOddsUnits(
      memberOdds(
        fromOddsUnits(outcome.odds),
        ref.playId,
        oddsConfig,
        readModel.marginOf(state.fixture.sportId, ref.playId),
      ),
    ),
  };
}

function namesOf(fixture: Fixture, outcomeName: string): PricedSelection['names'] {
  const { home, away } = homeAndAway(fixture);
  return { homeName: home, awayName: away, leagueName: fixture.league.name, outcomeName };
}

export function isRefusal(value: PricedSelection | SelectionRefusal): value is SelectionRefusal {
  return 'reason' in value;
}

/** Reads the odds a selection carries: decimal odds as shown, or their ten-thousandths. */
export function requestedOddsUnits(odds: number): number {
  return odds > 1000 ? odds : Math.round(odds * ODDS_SCALE);
}

/**
 * The total price of the legs in ten-thousandths (the domain's product, rounded down) and the
 * payout of `stakeMinor` on a win, rounded down too, in exact integer arithmetic.
 */
export function payoutOf(stakeMinor: number, legOddsUnits: readonly number[]) {
  const totalOddsUnits = combinedOddsUnits(legOddsUnits);
  const payout = (BigInt(stakeMinor) * BigInt(totalOddsUnits)) / BigInt(ODDS_SCALE);
  return { totalOddsUnits, potentialPayoutMinor: payout };
}
