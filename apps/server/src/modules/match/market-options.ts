import { type MarketOption, optionStatus } from '@sb/contract';
import {
  encodeOptionId,
  extraMarginFor,
  fromOddsUnits,
  isHandicapPlay,
  lineOf,
  type MemberOddsConfig,
  memberOdds,
  type OddsInAllStyles,
  oddsInAllStyles,
} from '@sb/domain';
import type { Fixture, Market, Outcome } from '@sb/feed-sim';

/** SPEC §3 market options: one outcome of a market, priced for one viewer in every style. */

const resultShort: Readonly<Record<string, string>> = { home: '1', draw: 'X', away: '2' };

/** The viewer's prices: their oddsConfig, parsed, and a key naming it for the caches. */
export interface Pricing {
  key: string;
  oddsConfig: readonly number[];
  margins: MemberOddsConfig;
}

/** Football's double chance, next goal and half-time/full-time outcomes as books abbreviate them. */
const footballShortNames: ReadonlyMap<string, string> = new Map([
  ['yes', 'Yes'],
  ['no', 'No'],
  ['home_draw', '1X'],
  ['home_away', '12'],
  ['draw_away', 'X2'],
  ['none', 'None'],
  ...['home', 'draw', 'away'].flatMap((half) =>
    ['home', 'draw', 'away'].map((full): [string, string] => [
      `${half}/${full}`,
      `${resultShort[half]}/${resultShort[full]}`,
    ]),
  ),
]);

/** The short name `ah`: 1 X 2 for results, H and A for lines, O and U, or the feed's own. */
function shortNameOf(fixture: Fixture, playId: number, outcome: Outcome): string {
  const football = footballShortNames.get(outcome.id);
  if (football) return football;
  switch (outcome.id) {
    case 'home':
      return isHandicapPlay(playId) ? 'H' : '1';
    case 'away':
      return isHandicapPlay(playId) ? 'A' : '2';
    case 'draw':
      return 'X';
    case 'over':
      return 'O';
    case 'under':
      return 'U';
    case 'odd':
      return 'Odd';
    case 'even':
      return 'Even';
  }
  const competitor = fixture.competitors.find((entry) => String(entry.id) === outcome.id);
  return competitor?.abbreviation ?? outcome.id;
}

function statusOf(
  isOpen: boolean,
  market: Market,
  outcome: Outcome,
  isDecided: (outcomeId: string) => boolean,
): number {
  if (!isOpen) {
    switch (market.status) {
      case 'deactivated':
        return optionStatus.deactivated;
      case 'settled':
        return optionStatus.settled;
      case 'cancelled':
        return optionStatus.cancelled;
      default:
        return optionStatus.suspended;
    }
  }
  return outcome.active && outcome.odds > 0 && !isDecided(outcome.id)
    ? optionStatus.open
    : optionStatus.notOffered;
}

const neverDecided = () => false;

/** What never changes for an outcome of a market: its option id, line and short name. */
interface OutcomeLabels {
  oi: string;
  n: string;
  ah: string;
}

/**
 * Labels by fixture, then market (`playId|specifiers`), then outcome id: made once, as a live
 * match is repriced many times a second. A fixture change brings a new fixture object, so its
 * labels (the short names come from its competitors) are made afresh.
 */
const labelCache = new WeakMap<Fixture, Map<string, Map<string, OutcomeLabels>>>();
function labelsOf(fixture: Fixture, market: Market): Map<string, OutcomeLabels> {
  let markets = labelCache.get(fixture);
  if (!markets) {
    markets = new Map();
    labelCache.set(fixture, markets);
  }
  const key = `${market.playId}|${market.specifiers}`;
  let labels = markets.get(key);
  if (!labels) {
    labels = new Map();
    markets.set(key, labels);
  }
  return labels;
}

function outcomeLabelsOf(
  fixture: Fixture,
  market: Market,
  outcome: Outcome,
  labels: Map<string, OutcomeLabels>,
): OutcomeLabels {
  let label = labels.get(outcome.id);
  if (!label) {
    label = {
      oi: encodeOptionId({
        eventId: fixture.eventId,
        playId: market.playId,
        specifiers: market.specifiers,
        outcomeId: outcome.id,
      }),
      n: lineOf(market.specifiers, outcome.id),
      ah: shortNameOf(fixture, market.playId, outcome),
    };
    labels.set(outcome.id, label);
  }
  return label;
}

const noPrice = { o: 0, oa: 0, om: 0, od: 0, us: 0 };

/**
 * An option as clients get it (fields in the wire's order). Made by a constructor, not written as
 * an object literal: V8 follows each literal's objects and, once most of them outlive a
 * young-generation collection (the options of the match views cached for snapshots and lists
 * do), allocates every later one straight in the old generation, the options of each socket
 * delta too, which live a millisecond and then cost a full collection. Constructed objects are
 * not followed that way (measured in docs/realtime.md).
 */
class PricedOption implements MarketOption {
  readonly oi: string;
  readonly md: number;
  readonly s: number;
  readonly h: string;
  readonly ah: string;
  readonly n: string;
  readonly o: number;
  readonly oa: number;
  readonly om: number;
  readonly od: number;
  readonly us: number;
  readonly ao: number;

  constructor(
    labels: OutcomeLabels,
    playId: number,
    status: number,
    name: string,
    price: OddsInAllStyles,
    adjustment: number,
  ) {
    this.oi = labels.oi;
    this.md = playId;
    this.s = status;
    this.h = name;
    this.ah = labels.ah;
    this.n = labels.n;
    this.o = price.o;
    this.oa = price.oa;
    this.om = price.om;
    this.od = price.od;
    this.us = price.us;
    this.ao = adjustment;
  }
}

/**
 * `bookMargin`: the operators' margin on the market's play (read model `marginOf`), applied with
 * the viewer's own, as bets are priced (order-pricing.ts). `isDecided`: whether where the match
 * stands decides an outcome (feed `isDecidedNow`), which then shows no price whatever the feed
 * says, as placement refuses it.
 */
export function optionsOf(
  fixture: Fixture,
  market: Market,
  isOpen: boolean,
  pricing: Pricing,
  bookMargin = 0,
  isDecided: (outcomeId: string) => boolean = neverDecided,
): MarketOption[] {
  const adjustment = extraMarginFor(pricing.margins, market.playId);
  const labels = labelsOf(fixture, market);
  return market.outcomes.map((outcome) => {
    // The member's price from the feed's, then every display style of it (domain functions the
    // web shares); an outcome without a price shows zeros, which its status blanks anyway.
    const price =
      outcome.odds > 0
        ? oddsInAllStyles(
            memberOdds(fromOddsUnits(outcome.odds), market.playId, pricing.margins, bookMargin),
            market.playId,
          )
        : noPrice;
    // A runner (an outright's, a race's) is named as the fixture names its competitor, in the
    // viewer's language; other outcomes as the feed names them.
    const runner = fixture.competitors.find((entry) => String(entry.id) === outcome.id);
    return new PricedOption(
      outcomeLabelsOf(fixture, market, outcome, labels),
      market.playId,
      statusOf(isOpen, market, outcome, isDecided),
      runner?.name ?? outcome.name,
      price,
      adjustment,
    );
  });
}
