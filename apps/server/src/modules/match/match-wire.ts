import type { EventInfo, Language, MatchWire } from '@sb/contract';
import { displayOffsetMs } from '@sb/domain';
import { type Fixture, type Market, type MarketRef, marketKey } from '@sb/feed-sim';
import { fixtureIn, isDecidedNow } from '../feed/feed.service';
import type { EventState, ReadModel } from '../feed/feed.types';
import { eventInfoOf, homeAndAway, isFinished, liveFlagOf, liveTrackerOf } from './event-info';
import { optionsOf, type Pricing } from './market-options';

/**
 * Wire forms of the read model's events (SPEC §3 short names). Building them is the costly part
 * of a match list, so each event keeps the forms it was asked for until its next change (`seq`),
 * a new epoch or a change of the provider's health; a list of a thousand matches then costs a
 * lookup per match.
 */

/** Sports above this id are virtual and show one market per match (SPEC §2). */
export const virtualSportIdFloor = 1_000_000;

/** Which markets a match carries: the list rows, every market, or none (finished matches). */
export type WireForm = { kind: 'list'; rows: number } | { kind: 'full' } | { kind: 'bare' };

/** Plays shown in list rows, in order: SPEC §2's 5 (large) or 3 (mini) take the first ones. */
const listPlayOrder = [1, 2, 3, 4, 5, 11, 16, 18, 6, 7];
/** Virtual sports show one market, the winner or 1X2 first. */
const virtualListPlayOrder = [3, 1, 2, 6];

/** A market still offered: open now or suspended for a while. */
function isOffered(market: Market): boolean {
  return market.status === 'active' || market.status === 'suspended';
}

/** The gap between a two-way market's prices: the main line is the most even one. */
function priceGap(market: Market): number {
  const [first, second] = market.outcomes;
  if (!first || !second || first.odds <= 0 || second.odds <= 0) return Number.POSITIVE_INFINITY;
  return Math.abs(first.odds - second.odds);
}

/** Per event and change: markets grouped by play, and each play's main market. */
interface EventIndex {
  byPlay: Map<number, Market[]>;
  mainByPlay: Map<number, Market>;
}

function indexEvent(state: EventState): EventIndex {
  const byPlay = new Map<number, Market[]>();
  for (const market of state.markets.values()) {
    let markets = byPlay.get(market.playId);
    if (!markets) {
      markets = [];
      byPlay.set(market.playId, markets);
    }
    markets.push(market);
  }
  const mainByPlay = new Map<number, Market>();
  for (const [playId, markets] of byPlay) {
    let main: Market | undefined;
    for (const market of markets) {
      if (!isOffered(market)) continue;
      const isBetter =
        !main ||
        (market.status === 'active' && main.status !== 'active') ||
        (market.status === main.status && priceGap(market) < priceGap(main));
      if (isBetter) main = market;
    }
    if (main) mainByPlay.set(playId, main);
  }
  return { byPlay, mainByPlay };
}

const maxViewsPerEvent = 32;

/**
 * What is built from one event as it stands: replaced at each change. Constructed rather than an
 * object literal, as the options are (see `PricedOption` in market-options.ts): V8 does not move
 * constructed objects to the old generation on a guess.
 */
class EventCache {
  index?: EventIndex;
  /** By language: the event object names the sides. */
  info?: Partial<Record<Language, EventInfo>>;
  /** Made on the first view asked for: most changes of a live match only make a delta. */
  views?: Map<string, { match: MatchWire; bytes?: Buffer }>;

  constructor(
    readonly seq: number,
    readonly tradingVersion: number,
    readonly epoch: number,
    readonly isProviderAlive: boolean,
  ) {}
}

export interface MatchWireBuilder {
  /** The match without the viewer's favourite flags (x, w, y are 0). */
  matchOf(
    state: EventState,
    form: WireForm,
    pricing: Pricing,
    hiddenPlays: ReadonlySet<number>,
    playsKey: string,
    language: Language,
  ): MatchWire;
  /** The same match as UTF-8 JSON, kept with it: lists are joined from these bytes. */
  matchBytesOf(
    state: EventState,
    form: WireForm,
    pricing: Pricing,
    hiddenPlays: ReadonlySet<number>,
    playsKey: string,
    language: Language,
  ): Buffer;
  /** The event object, its sides named in `language`. */
  eventInfoOf(state: EventState, language: Language): EventInfo;
  /** Markets offered, leaving out hidden plays: the match's `mc`. */
  marketCountOf(state: EventState, hiddenPlays: ReadonlySet<number>): number;
  /**
   * What a change of the named markets means to a client holding the match: where it stands and
   * those markets priced, in any status (a withdrawn line too, so the client can drop it), hidden
   * plays left out. Built per call: the socket asks once per change and audience.
   */
  matchPartOf(
    state: EventState,
    markets: readonly MarketRef[],
    pricing: Pricing,
    hiddenPlays: ReadonlySet<number>,
    language: Language,
  ): MatchPart;
}

/** The parts of a match a change can alter, besides the fixture itself. */
export type MatchPart = Pick<MatchWire, 'a' | 'b' | 'g' | 'ev' | 'mc' | 'z' | 'lt'>;

export function createMatchWireBuilder(readModel: ReadModel): MatchWireBuilder {
  const caches = new WeakMap<EventState, EventCache>();

  function cacheOf(state: EventState): EventCache {
    let cache = caches.get(state);
    const isCurrent =
      cache &&
      cache.seq === state.seq &&
      cache.tradingVersion === state.tradingVersion &&
      cache.epoch === readModel.epoch &&
      cache.isProviderAlive === readModel.isProviderAlive;
    if (!cache || !isCurrent) {
      cache = new EventCache(
        state.seq,
        state.tradingVersion,
        readModel.epoch,
        readModel.isProviderAlive,
      );
      caches.set(state, cache);
    }
    return cache;
  }

  function indexOf(state: EventState): EventIndex {
    const cache = cacheOf(state);
    cache.index ??= indexEvent(state);
    return cache.index;
  }

  function infoOf(state: EventState, language: Language): EventInfo {
    const cache = cacheOf(state);
    cache.info ??= {};
    cache.info[language] ??= eventInfoOf(fixtureIn(state.fixture, language), state.status, {
      at: state.statusAt,
      speed: readModel.speed,
    });
    return cache.info[language];
  }

  /** Counted afresh, not indexed: a delta needs the count but not the index. */
  function marketCountOf(state: EventState, hiddenPlays: ReadonlySet<number>): number {
    let count = 0;
    for (const market of state.markets.values())
      if (isOffered(market) && !hiddenPlays.has(market.playId)) count += 1;
    return count;
  }

  function marketsFor(
    state: EventState,
    form: WireForm,
    hiddenPlays: ReadonlySet<number>,
  ): Market[] {
    const index = indexOf(state);
    if (form.kind === 'bare') return [];
    if (form.kind === 'full') {
      const isResult = isFinished(state.status);
      const markets: Market[] = [];
      for (const [playId, playMarkets] of index.byPlay) {
        if (hiddenPlays.has(playId)) continue;
        // While the match goes on, a market already over (a quarter's line, a next goal
        // scored) leaves the view rather than stand there locked; a finished match's results
        // show its settled markets. A withdrawn line is never shown.
        for (const market of playMarkets) {
          if (isResult ? market.status !== 'deactivated' : isOffered(market)) markets.push(market);
        }
      }
      return markets;
    }
    const isVirtual = state.fixture.sportId > virtualSportIdFloor;
    const rows = isVirtual ? 1 : form.rows;
    const order = isVirtual ? virtualListPlayOrder : listPlayOrder;
    const markets: Market[] = [];
    const pick = (playId: number) => {
      const main = index.mainByPlay.get(playId);
      if (main && !hiddenPlays.has(playId) && !markets.includes(main)) markets.push(main);
    };
    for (const playId of order) {
      if (markets.length >= rows) break;
      pick(playId);
    }
    // Sports without the usual plays (outrights, races) list theirs in play id order.
    const rest = [...index.mainByPlay.keys()].sort((a, b) => a - b);
    for (const playId of rest) {
      if (markets.length >= rows) break;
      pick(playId);
    }
    return markets;
  }

  /** `fixture`: the event's, named in the viewer's language (runners' names). */
  function marketsByPlay(
    state: EventState,
    fixture: Fixture,
    markets: Iterable<Market>,
    pricing: Pricing,
  ): MatchWire['z'] {
    const z: MatchWire['z'] = {};
    for (const market of markets) {
      let play = z[market.playId];
      if (!play) {
        play = {};
        z[market.playId] = play;
      }
      const isOpen = readModel.isMarketOpen(state, market);
      play[market.specifiers] = optionsOf(
        fixture,
        market,
        isOpen,
        pricing,
        readModel.marginOf(state.fixture.sportId, market.playId),
        isOpen ? (outcomeId) => isDecidedNow(state, market, outcomeId) : undefined,
      );
    }
    return z;
  }

  function buildMatch(
    state: EventState,
    form: WireForm,
    pricing: Pricing,
    hiddenPlays: ReadonlySet<number>,
    language: Language,
  ): MatchWire {
    const fixture = fixtureIn(state.fixture, language);
    const z = marketsByPlay(state, fixture, marketsFor(state, form, hiddenPlays), pricing);
    const { home, away, homeId, awayId } = homeAndAway(fixture);
    // The favourite flags lead, so the cached JSON of a match can take a viewer's own flags by
    // swapping its first few characters (see `withFavouriteFlags`).
    const match: MatchWire = {
      x: 0,
      w: 0,
      y: 0,
      a: fixture.sportId,
      b: fixture.eventId,
      l: fixture.league.id,
      ln: fixture.league.name,
      lc: fixture.league.category,
      g: liveFlagOf(state.status),
      t: fixture.startTime,
      o: home,
      r: away,
      ev: infoOf(state, language),
      z,
      mc: marketCountOf(state, hiddenPlays),
      si: new Date(fixture.startTime + displayOffsetMs).getUTCFullYear(),
      sm: homeId,
      sn: awayId,
    };
    // The tracker is the match view's: lists carry the clock and score, not the play.
    const tracker = form.kind === 'full' ? liveTrackerOf(state.status, fixture) : undefined;
    if (tracker) match.lt = tracker;
    return match;
  }

  function viewOf(
    state: EventState,
    form: WireForm,
    pricing: Pricing,
    hiddenPlays: ReadonlySet<number>,
    playsKey: string,
    language: Language,
  ) {
    const cache = cacheOf(state);
    const formKey = form.kind === 'list' ? `list${form.rows}` : form.kind;
    const key = `${formKey}|${pricing.key}|${playsKey}|${language}`;
    cache.views ??= new Map();
    let view = cache.views.get(key);
    if (!view) {
      // Members with their own margins each add a view; a bound keeps an event's views few.
      if (cache.views.size >= maxViewsPerEvent) cache.views.clear();
      view = { match: buildMatch(state, form, pricing, hiddenPlays, language) };
      cache.views.set(key, view);
    }
    return view;
  }

  return {
    matchOf: (...args) => viewOf(...args).match,
    matchBytesOf(...args) {
      const view = viewOf(...args);
      view.bytes ??= Buffer.from(JSON.stringify(view.match));
      return view.bytes;
    },
    eventInfoOf: infoOf,
    marketCountOf,
    matchPartOf(state, refs, pricing, hiddenPlays, language) {
      const fixture = fixtureIn(state.fixture, language);
      const markets: Market[] = [];
      for (const ref of refs) {
        const market = state.markets.get(marketKey(ref));
        if (market && !hiddenPlays.has(market.playId)) markets.push(market);
      }
      const part: MatchPart = {
        a: state.fixture.sportId,
        b: state.fixture.eventId,
        g: liveFlagOf(state.status),
        ev: infoOf(state, language),
        mc: marketCountOf(state, hiddenPlays),
        z: marketsByPlay(state, fixture, markets, pricing),
      };
      const tracker = liveTrackerOf(state.status, fixture);
      if (tracker) part.lt = tracker;
      return part;
    },
  };
}

const plainFlagsPrefix = Buffer.from('{"x":0,"w":0,"y":0,');

/** Flags of the viewer's favourites for one match: league `x`, match `w`, record id `y`. */
export interface FavouriteFlags {
  x: number;
  w: number;
  y: number;
}

/** A match's cached JSON bytes with the viewer's flags in place of the zeros it was built with. */
export function withFavouriteFlags(bytes: Buffer, flags: FavouriteFlags | null): Buffer {
  if (!flags) return bytes;
  if (!bytes.subarray(0, plainFlagsPrefix.length).equals(plainFlagsPrefix))
    throw new Error('match JSON does not lead with its flags');
  return Buffer.concat([
    Buffer.from(`{"x":${flags.x},"w":${flags.w},"y":${flags.y},`),
    bytes.subarray(plainFlagsPrefix.length),
  ]);
}
