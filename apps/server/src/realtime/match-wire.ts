import { type EventFeedMessage, type Market, type MarketRef, marketKey } from '@sb/feed-sim';
import type { EventState, ReadModelChange } from '../modules/feed/read-model';

/** One applied feed message and the event as it stands after it. */
export type EventChange = Extract<ReadModelChange, { kind: 'event' }>;

/**
 * Turns the read model's events into what `/match/socket` sends. The transport adds the room,
 * `seq` and `epoch`; the mapper decides the content. Both are called synchronously while the
 * change is applied, so they must not keep the state for later: it goes on changing.
 */
export interface MatchWireMapper {
  /** The whole match, as a client that knows nothing of it needs it. */
  toSnapshot(state: EventState): unknown;
  /** What one change altered, for a client that holds the previous seq. */
  toDelta(change: EventChange): unknown;
}

const marketStatusCodes = {
  active: 1,
  deactivated: 0,
  suspended: -1,
  settled: -3,
  cancelled: -4,
} as const;

/** [outcome id, odds in ten-thousandths, 1 when offered else 0] */
type WireOutcome = [string, number, 0 | 1];

interface WireMarket {
  /** Play id. */
  p: number;
  /** Specifiers, '' for markets without a line. */
  sp: string;
  /** UOF status code: 1 active, 0 deactivated, -1 suspended, -3 settled, -4 cancelled. */
  s: number;
  o: WireOutcome[];
}

function wireMarket(market: Market): WireMarket {
  return {
    p: market.playId,
    sp: market.specifiers,
    s: marketStatusCodes[market.status],
    o: market.outcomes.map((outcome) => [outcome.id, outcome.odds, outcome.active ? 1 : 0]),
  };
}

/** Where the match stands, with SPEC's period score names h1..h5 / a1..a5. */
function wireStatus(state: EventState): Record<string, unknown> {
  const { status } = state;
  const wire: Record<string, unknown> = {
    st: status.status,
    c: status.periodCode,
    d: status.description,
    hs: status.homeScore,
    as: status.awayScore,
    bs: state.isBetStopped ? 1 : 0,
  };
  status.periodScores.slice(0, 5).forEach((score, index) => {
    wire[`h${index + 1}`] = score.home;
    wire[`a${index + 1}`] = score.away;
  });
  if (status.clock) wire.e = status.clock;
  if (status.corners) wire.cn = [status.corners.home, status.corners.away];
  return wire;
}

/** The markets a message touched, as keys into the event's markets. */
function touchedMarkets(message: EventFeedMessage): readonly MarketRef[] {
  switch (message.type) {
    case 'odds_change':
    case 'bet_settlement':
    case 'bet_cancel':
    case 'rollback_bet_settlement':
    case 'rollback_bet_cancel':
      return message.markets;
    default:
      return [];
  }
}

/**
 * A compact stand-in until the match module's own wire form is plugged in: the match's status,
 * scores and every market with its status and odds (decimal odds in ten-thousandths).
 */
export const defaultMatchWireMapper: MatchWireMapper = {
  toSnapshot(state) {
    const { fixture } = state;
    return {
      a: fixture.sportId,
      b: fixture.eventId,
      l: fixture.league.id,
      n: fixture.name,
      t: fixture.startTime,
      ...wireStatus(state),
      m: [...state.markets.values()].map(wireMarket),
    };
  },
  toDelta({ state, message }) {
    const markets: WireMarket[] = [];
    for (const ref of touchedMarkets(message)) {
      const market = state.markets.get(marketKey(ref));
      if (market) markets.push(wireMarket(market));
    }
    return {
      k: message.type,
      ...wireStatus(state),
      ...(message.type === 'fixture_change' ? { t: state.fixture.startTime } : {}),
      m: markets,
    };
  },
};
