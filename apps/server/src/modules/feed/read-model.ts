import { isOutcomeDecided, type MatchSituation } from '@sb/domain';
import {
  type EventFeedMessage,
  type FeedSnapshot,
  type Fixture,
  type Market,
  type MatchResult,
  type MatchStatus,
  marketKey,
  type SettledMarket,
} from '@sb/feed-sim';

/** One event as the site knows it: fixture, where the match stands, and its markets. */
export interface EventState {
  fixture: Fixture;
  status: MatchStatus;
  /** By `marketKey` (`playId|specifiers`). */
  markets: Map<string, Market>;
  /** The seq of the last message applied for this event. */
  seq: number;
  /**
   * Under a bet stop (until the next odds_change). The stop itself suspends every market, as
   * UOF's bet_stop does: a market reopens only when an odds_change carries it open again, so a
   * market the feed left closed (decided by a goal in the stop, say) stays closed.
   */
  isBetStopped: boolean;
  /** Settlements by market key, as the feed last stated them (rollbacks remove them). */
  settlements: Map<string, SettledMarket>;
  result?: MatchResult;
  /** Caller time of the last change. */
  updatedAt: number;
  /** Caller time the status was read at, as the feed stamped it: its clock runs on from there. */
  statusAt: number;
  /**
   * Operators' holds on the event: market keys, or `matchHoldKey` for the whole match. A held
   * market reads suspended everywhere, whatever the feed says.
   */
  holds: ReadonlySet<string>;
  /** +1 whenever `holds` or the book's margins of the event change: views built from it are stale. */
  tradingVersion: number;
}

/**
 * The book's margins of one sport, set by operators: extra thousandths of implied probability
 * added to the feed's prices before any member's own margin (docs/matches.md, Book margins).
 */
export interface SportMargins {
  /** Every play of the sport without a margin of its own. */
  sport: number;
  /** By play id. */
  plays: ReadonlyMap<number, number>;
}
/** Margins by sport id; a sport not listed has none. */
export type MarginMap = ReadonlyMap<number, SportMargins>;

function sameMargins(a: SportMargins | undefined, b: SportMargins | undefined): boolean {
  if (!a || !b) return a === b;
  if (a.sport !== b.sport || a.plays.size !== b.plays.size) return false;
  for (const [playId, margin] of a.plays) if (b.plays.get(playId) !== margin) return false;
  return true;
}

/** The hold key that suspends every market of an event. */
export const matchHoldKey = '*';
/** Holds by event id, as operators set them. */
export type HoldMap = ReadonlyMap<number, ReadonlySet<string>>;
const noHolds: ReadonlySet<string> = new Set();

function sameKeys(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size !== b.size) return false;
  for (const key of a) if (!b.has(key)) return false;
  return true;
}

export type ReadModelChange =
  /** A message was applied to one event. */
  | { kind: 'event'; state: EventState; message: EventFeedMessage }
  /** Everything was replaced (a new snapshot): every view must be read afresh. */
  | { kind: 'reset'; epoch: number }
  /** The provider went silent or came back: every market's effective status changed. */
  | { kind: 'provider'; isAlive: boolean }
  /**
   * Operators held or released markets of one event, or changed its sport's margins: its
   * markets' effective status or prices changed.
   */
  | { kind: 'trading'; state: EventState };

/** Whether an operator holds the market (by its key) or the whole event. */
export function isHeld(state: EventState, key: string): boolean {
  return state.holds.size > 0 && (state.holds.has(matchHoldKey) || state.holds.has(key));
}

export type ReadModelListener = (change: ReadModelChange) => void;

/** Situations by the status they were read from: a status object is replaced, never changed. */
const situations = new WeakMap<MatchStatus, MatchSituation>();

/** Where the event stands, as the decided-outcome rules read it (packages/domain, in-play). */
export function situationOf(state: EventState): MatchSituation {
  const { status, fixture } = state;
  let situation = situations.get(status);
  if (!situation) {
    const cards = status.stats?.filter(
      (stat) => stat.key === 'yellow_cards' || stat.key === 'red_cards',
    );
    situation = {
      sportId: fixture.sportId,
      liveOdds: fixture.liveOdds,
      periods: fixture.format.periods,
      ...(fixture.format.bestOf === undefined ? {} : { bestOf: fixture.format.bestOf }),
      status: status.status,
      period: status.period,
      inBreak: status.inBreak,
      homeScore: status.homeScore,
      awayScore: status.awayScore,
      periodScores: status.periodScores,
      ...(status.corners ? { corners: status.corners } : {}),
      ...(cards?.length ? { cards: cards.reduce((n, stat) => n + stat.home + stat.away, 0) } : {}),
    };
    situations.set(status, situation);
  }
  return situation;
}

/**
 * Whether where the match stands already decides this outcome (an over line passed, a correct
 * score the score has passed, a virtual event under way): never offered, whatever the feed says.
 */
export function isDecidedNow(state: EventState, market: Market, outcomeId: string): boolean {
  return isOutcomeDecided(situationOf(state), {
    playId: market.playId,
    specifiers: market.specifiers,
    outcomeId,
  });
}

/** Finished events stay readable this long after their last change, then leave memory. */
const finishedRetentionMs = 6 * 3_600_000;
const finishedStatuses = new Set(['ended', 'closed', 'cancelled', 'abandoned']);

/**
 * The in-memory picture of the book that match calls and sockets read. It is built from a feed
 * snapshot and kept current by feed messages; the database keeps what must survive a restart.
 * `epoch` changes whenever the picture is rebuilt, so clients holding older deltas resync.
 */
export function createReadModel(now: () => number = Date.now) {
  const events = new Map<number, EventState>();
  const listeners = new Set<ReadModelListener>();
  let epoch = 0;
  let isProviderAlive = true;
  /** Match seconds a second on a running clock (the feed's speed). */
  let speed = 1;
  let holdsByEvent: HoldMap = new Map();
  let marginsBySport: MarginMap = new Map();

  const emit = (change: ReadModelChange) => {
    for (const listener of listeners) listener(change);
  };

  function pruneFinished(): void {
    const cutoff = now() - finishedRetentionMs;
    for (const [eventId, state] of events) {
      if (finishedStatuses.has(state.status.status) && state.updatedAt < cutoff)
        events.delete(eventId);
    }
  }

  function applyToState(state: EventState, message: EventFeedMessage): void {
    switch (message.type) {
      case 'odds_change':
        state.status = message.status;
        state.isBetStopped = false;
        for (const market of message.markets) state.markets.set(marketKey(market), market);
        return;
      case 'bet_stop':
        state.status = message.status;
        state.isBetStopped = true;
        for (const [key, market] of state.markets)
          if (market.status === 'active')
            state.markets.set(key, { ...market, status: 'suspended' });
        return;
      case 'play':
        state.status = message.status;
        return;
      case 'bet_settlement':
        state.result = message.result;
        for (const settled of message.markets) {
          const key = marketKey(settled);
          state.settlements.set(key, settled);
          const market = state.markets.get(key);
          if (market) state.markets.set(key, { ...market, status: 'settled' });
        }
        return;
      case 'rollback_bet_settlement':
        for (const ref of message.markets) state.settlements.delete(marketKey(ref));
        return;
      case 'bet_cancel':
        // A windowed cancel voids only the bets of that window; the market itself goes on.
        if (message.startTime !== undefined) return;
        for (const ref of message.markets) {
          const market = state.markets.get(marketKey(ref));
          if (market) state.markets.set(marketKey(ref), { ...market, status: 'cancelled' });
        }
        return;
      case 'rollback_bet_cancel':
        return;
      case 'fixture_change':
        state.fixture = message.fixture;
        if (message.changeType === 'cancelled')
          state.status = { ...state.status, status: 'cancelled' };
        return;
    }
  }

  return {
    get epoch() {
      return epoch;
    },

    get isProviderAlive() {
      return isProviderAlive;
    },

    get speed() {
      return speed;
    },

    /** Replaces the whole picture with a provider's snapshot. */
    load(snapshot: FeedSnapshot): void {
      events.clear();
      speed = snapshot.speed;
      for (const event of snapshot.events) {
        events.set(event.fixture.eventId, {
          fixture: event.fixture,
          status: event.status,
          markets: new Map(event.markets.map((market) => [marketKey(market), market])),
          seq: event.seq,
          isBetStopped: false,
          settlements: new Map(),
          updatedAt: now(),
          statusAt: snapshot.timestamp,
          holds: holdsByEvent.get(event.fixture.eventId) ?? noHolds,
          tradingVersion: 0,
        });
      }
      epoch += 1;
      emit({ kind: 'reset', epoch });
    },

    /**
     * Applies one message; answers false and changes nothing for a message already applied
     * (its seq is not newer), so a replayed or duplicated message is harmless.
     */
    apply(message: EventFeedMessage): boolean {
      let state = events.get(message.eventId);
      if (!state) {
        if (message.type !== 'fixture_change') return false;
        state = {
          fixture: message.fixture,
          status: {
            status: 'not_started',
            period: 0,
            periodCode: 0,
            inBreak: false,
            description: '',
            homeScore: 0,
            awayScore: 0,
            periodScores: [],
          },
          markets: new Map(),
          seq: 0,
          isBetStopped: false,
          settlements: new Map(),
          updatedAt: now(),
          statusAt: message.timestamp,
          holds: holdsByEvent.get(message.eventId) ?? noHolds,
          tradingVersion: 0,
        };
        events.set(message.eventId, state);
      }
      if (message.seq <= state.seq) return false;
      applyToState(state, message);
      if ('status' in message) state.statusAt = message.timestamp;
      state.seq = message.seq;
      state.updatedAt = now();
      emit({ kind: 'event', state, message });
      if (finishedStatuses.has(state.status.status)) pruneFinished();
      return true;
    },

    /** The watchdog's verdict: while the provider is silent every market reads as suspended. */
    setProviderAlive(isAlive: boolean): void {
      if (isAlive === isProviderAlive) return;
      isProviderAlive = isAlive;
      emit({ kind: 'provider', isAlive });
    },

    /**
     * Replaces the operators' holds (every process reads them from the database); each event
     * whose holds changed is announced, so views of it are rebuilt and followers told.
     */
    setHolds(next: HoldMap): void {
      holdsByEvent = next;
      for (const state of events.values()) {
        const holds = next.get(state.fixture.eventId) ?? noHolds;
        if (sameKeys(holds, state.holds)) continue;
        state.holds = holds;
        state.tradingVersion += 1;
        emit({ kind: 'trading', state });
      }
    },

    /**
     * Replaces the book's margins (every process reads them from the database); each event of a
     * sport whose margins changed is announced, so views of it are priced again and followers
     * told.
     */
    setMargins(next: MarginMap): void {
      const previous = marginsBySport;
      marginsBySport = next;
      for (const state of events.values()) {
        const sportId = state.fixture.sportId;
        if (sameMargins(previous.get(sportId), next.get(sportId))) continue;
        state.tradingVersion += 1;
        emit({ kind: 'trading', state });
      }
    },

    /** The book's margin on a play of a sport, in thousandths of implied probability. */
    marginOf(sportId: number, playId: number): number {
      const margins = marginsBySport.get(sportId);
      if (!margins) return 0;
      return margins.plays.get(playId) ?? margins.sport;
    },

    get(eventId: number): EventState | undefined {
      return events.get(eventId);
    },

    all(): IterableIterator<EventState> {
      return events.values();
    },

    /** Whether a market takes bets now: active, no bet stop, provider alive, not held. */
    isMarketOpen(state: EventState, market: Market): boolean {
      return (
        isProviderAlive &&
        !state.isBetStopped &&
        market.status === 'active' &&
        !isHeld(state, marketKey(market))
      );
    },

    subscribe(listener: ReadModelListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type ReadModel = ReturnType<typeof createReadModel>;
