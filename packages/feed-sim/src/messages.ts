/**
 * The feed's vocabulary, modelled on Sportradar's Unified Odds Feed (UOF): typed objects instead
 * of XML, one discriminated union of messages. Times are the caller's clock in epoch
 * milliseconds; odds are decimal odds in integer ten-thousandths (1.91 is 19100).
 */

/** DESIGN §6 sport ids. */
export const SportIds = {
  Football: 1,
  Basketball: 2,
  Tennis: 3,
  Volleyball: 4,
  IceHockey: 5,
  TableTennis: 20,
  Badminton: 23,
  Esports: 31,
  Outrights: 1000,
  VirtualFootball: 10000001,
  VirtualBasketball: 10000002,
  VirtualRacing: 10000005,
} as const;
export type SportId = (typeof SportIds)[keyof typeof SportIds];

/**
 * A name in the site's other languages, Simplified and Traditional Chinese; the feed's own
 * (`name`) is English. Absent where the feed has none, and then the English one is shown.
 */
export interface LocalNames {
  zh: string;
  zht: string;
}

export interface Competitor {
  id: number;
  name: string;
  /** Short form for narrow screens. */
  abbreviation: string;
  names?: LocalNames;
}

export interface League {
  id: number;
  sportId: SportId;
  name: string;
  /** Country or region the league is filed under. */
  category: string;
  names?: LocalNames;
  categoryNames?: LocalNames;
}

export type FixtureKind = 'match' | 'outright' | 'race';

export interface Fixture {
  eventId: number;
  sportId: SportId;
  kind: FixtureKind;
  /** "Home vs Away", or the outright's or race's title. */
  name: string;
  names?: LocalNames;
  league: League;
  /** Home then away for matches; every entrant for outrights and races. */
  competitors: Competitor[];
  /** Kick-off (matches, races) or the opening of the book (outrights). */
  startTime: number;
  /** When an outright is decided. */
  endTime?: number;
  virtual: boolean;
  /** Whether prices keep coming in play; without it markets stop at the start. */
  liveOdds: boolean;
  /** Regular periods (halves, quarters, sets to win x 2 - 1, ...) and, for set sports, best of. */
  format: { periods: number; bestOf?: number; periodMinutes?: number };
}

/** UOF market statuses: active 1, suspended -1, deactivated 0, settled -3, cancelled -4. */
export type MarketStatus = 'active' | 'suspended' | 'deactivated' | 'settled' | 'cancelled';

export interface Outcome {
  /** Stable within the market: 'home', 'draw', 'away', 'over', 'under', '2:1', a competitor id. */
  id: string;
  name: string;
  /** Ten-thousandths, at least 10100 when active; 0 when the outcome is not offered. */
  odds: number;
  /** The model's fair probability, margin removed (0 when not offered). */
  probability: number;
  /** False when the outcome can no longer happen or is too unlikely to price. */
  active: boolean;
}

export interface Market {
  playId: number;
  /** Sportradar style: 'hcp=-0.25', 'total=2.5', '' when the market has no line. */
  specifiers: string;
  name: string;
  status: MarketStatus;
  outcomes: Outcome[];
}

export interface MarketRef {
  playId: number;
  specifiers: string;
}

export type EventStatus =
  | 'not_started'
  | 'live'
  | 'ended'
  | 'closed'
  | 'cancelled'
  | 'postponed'
  | 'abandoned';

export interface PeriodScore {
  home: number;
  away: number;
}

/**
 * What just happened on the pitch or court, as a live data feed reports it. Football: attack,
 * dangerous attack, shots, goal, corner, cards, penalty; ice hockey: attacks, shots, goal;
 * tennis: point (and ace); basketball: free throw, two and three pointers; volleyball, table
 * tennis and badminton: point, ace, service error (the side is the server who missed), set
 * point, match point, timeout; esports: round won, pistol round won, map (set) point, match
 * point, timeout.
 */
export type PlayKind =
  | 'attack'
  | 'dangerous_attack'
  | 'shot_on_target'
  | 'shot_off_target'
  | 'goal'
  | 'corner'
  | 'yellow_card'
  | 'red_card'
  | 'penalty'
  | 'point'
  | 'ace'
  | 'free_throw'
  | 'two_pointer'
  | 'three_pointer'
  | 'service_error'
  | 'set_point'
  | 'match_point'
  | 'timeout'
  | 'round_won'
  | 'pistol_round';

export interface PlayEvent {
  /** Counts the match's plays from 1: a new number is a new play. */
  n: number;
  kind: PlayKind;
  side: 'home' | 'away';
  /** Seconds of match clock when it happened (0 for sports without a clock). */
  at: number;
}

/** The sport's live statistics; possession is a percentage, the rest are counts. */
export type StatKey =
  | 'possession'
  | 'attacks'
  | 'dangerous_attacks'
  | 'shots_on_target'
  | 'shots_off_target'
  | 'corners'
  | 'yellow_cards'
  | 'red_cards'
  | 'aces'
  | 'points_won'
  | 'free_throws'
  | 'two_pointers'
  | 'three_pointers'
  | 'serve_points'
  | 'service_errors'
  | 'longest_run'
  | 'rounds_won'
  | 'pistol_rounds';

export interface MatchStat {
  key: StatKey;
  home: number;
  away: number;
}

/** UOF's sport_event_status: where the match stands. */
export interface MatchStatus {
  status: EventStatus;
  /** 0 before the start, then 1..5 (extra periods are counted in the fifth). */
  period: number;
  /** SPEC §4 period code: 2k - 1 while period k is played, 2k in the break after it; 0 before. */
  periodCode: number;
  inBreak: boolean;
  /** "1st half", "Half-time", "3rd set", ... */
  description: string;
  /** Goals or points; sets (or maps) won in set sports. */
  homeScore: number;
  awayScore: number;
  /** h1..h5 / a1..a5: goals per period, games per set, points per set, rounds per map. */
  periodScores: PeriodScore[];
  /**
   * Match clock as of the message: seconds played, seconds left in the period for countdown
   * sports, and whether it is running (it runs at the feed's speed between messages).
   */
  clock?: { elapsed: number; remaining?: number; running: boolean; stoppageMinutes?: number };
  /** Tennis, volleyball, table tennis, badminton: who serves the next point. */
  server?: 'home' | 'away';
  corners?: PeriodScore;
  /**
   * Tennis: points won in the game being played (0, 1, 2, 3, 4... read as 0, 15, 30, 40, AD).
   * Volleyball, table tennis, badminton, esports: points (rounds) of the set (map) being played,
   * point by point; the set's entry in `periodScores` is the same.
   */
  gamePoints?: PeriodScore;
  /** The latest play of a match with live data, and its statistics so far. */
  play?: PlayEvent;
  stats?: MatchStat[];
  /** Races and outrights once decided: competitor ids in finishing order. */
  ranking?: number[];
  /**
   * A race from the off: the field in running order, leader first, as last read (a new `n` is a
   * new reading); once decided, the order it finished in, the same as `ranking`.
   */
  runningOrder?: RunningOrder;
}

/** One reading of a race's running order. */
export interface RunningOrder {
  /** Counts the race's readings from 1: a new number is a new reading. */
  n: number;
  /** Leader first. */
  runners: RunnerPosition[];
}

export interface RunnerPosition {
  /** Competitor id. */
  id: number;
  /** Share of the distance covered: 0 at the off, 1 at the post. */
  progress: number;
}

/** What settlement needs beyond per-outcome results: final, half-time and corner figures. */
export interface MatchResult {
  homeScore: number;
  awayScore: number;
  periodScores: PeriodScore[];
  /** First half (first period) score. */
  halftime?: PeriodScore;
  /** Score after regulation time where extra periods exist (ice hockey, basketball). */
  regulation?: PeriodScore;
  corners?: PeriodScore;
  ranking?: number[];
  /** Competitors sharing first place (dead heat). */
  deadHeat?: number[];
}

/**
 * One outcome's result. A bet pays stake * ((1 - voidFactor) * result * odds * deadHeatFactor
 * + voidFactor): a half win on an Asian quarter line is result 1 with voidFactor 0.5, a half loss
 * result 0 with voidFactor 0.5, a push voidFactor 1; a dead heat for two places is factor 0.5.
 */
export interface SettledOutcome {
  id: string;
  result: 0 | 1;
  voidFactor: 0 | 0.5 | 1;
  deadHeatFactor?: number;
}

export interface SettledMarket extends MarketRef {
  outcomes: SettledOutcome[];
}

export type BetStopReason =
  | 'dangerous_attack'
  | 'possible_goal'
  | 'penalty'
  | 'break_point'
  | 'event_started';

export type BetCancelReason = 'match_cancelled' | 'match_abandoned' | 'odds_error';

interface EventMessage {
  eventId: number;
  sportId: SportId;
  /** Caller's clock, epoch ms. */
  timestamp: number;
  /** Per event, +1 for every message about it, starting at 1. */
  seq: number;
}

export interface OddsChangeMessage extends EventMessage {
  type: 'odds_change';
  status: MatchStatus;
  /** Markets whose prices or status changed (a snapshot has them all). */
  markets: Market[];
}

/** Every market of the event is suspended until the next odds_change reopens it. */
export interface BetStopMessage extends EventMessage {
  type: 'bet_stop';
  reason: BetStopReason;
  status: MatchStatus;
}

/** A play on the pitch or court (live data): no market changed, the status says what happened. */
export interface PlayMessage extends EventMessage {
  type: 'play';
  status: MatchStatus;
}

export interface BetSettlementMessage extends EventMessage {
  type: 'bet_settlement';
  result: MatchResult;
  markets: SettledMarket[];
}

/**
 * Bets on these markets are void. With a window, only bets accepted in [startTime, endTime)
 * are (a palpable odds error); without one, all of them.
 */
export interface BetCancelMessage extends EventMessage {
  type: 'bet_cancel';
  reason: BetCancelReason;
  markets: MarketRef[];
  startTime?: number;
  endTime?: number;
}

/** The earlier settlement of these markets was wrong: unsettle them; a new one follows. */
export interface RollbackBetSettlementMessage extends EventMessage {
  type: 'rollback_bet_settlement';
  markets: MarketRef[];
}

/** The earlier cancellation (same markets and window) is withdrawn: the bets stand again. */
export interface RollbackBetCancelMessage extends EventMessage {
  type: 'rollback_bet_cancel';
  markets: MarketRef[];
  startTime?: number;
  endTime?: number;
}

export type FixtureChangeType = 'new' | 'start_time' | 'cancelled';

export interface FixtureChangeMessage extends EventMessage {
  type: 'fixture_change';
  changeType: FixtureChangeType;
  fixture: Fixture;
  previousStartTime?: number;
}

/** The producer is up. A consumer that hears none for a while suspends everything it holds. */
export interface AliveMessage {
  type: 'alive';
  timestamp: number;
  /** Its own sequence: alive messages belong to no event. */
  seq: number;
  subscribed: true;
}

export type EventFeedMessage =
  | OddsChangeMessage
  | BetStopMessage
  | PlayMessage
  | BetSettlementMessage
  | BetCancelMessage
  | RollbackBetSettlementMessage
  | RollbackBetCancelMessage
  | FixtureChangeMessage;

export type FeedMessage = EventFeedMessage | AliveMessage;

/** One event as a consumer needs it to build its read model. */
export interface EventSnapshot {
  fixture: Fixture;
  status: MatchStatus;
  markets: Market[];
  /** The seq of the last message about this event; the next one is seq + 1. */
  seq: number;
}

export interface FeedSnapshot {
  timestamp: number;
  /** Feed clock multiplier: a running match clock advances this many seconds per second. */
  speed: number;
  events: EventSnapshot[];
}

export function marketKey(market: MarketRef): string {
  return `${market.playId}|${market.specifiers}`;
}
