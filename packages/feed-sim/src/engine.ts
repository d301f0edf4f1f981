import type { MarketSpec, OutcomeSpec } from './markets/spec';
import type { BetStopReason, MarketRef, MatchResult, MatchStatus } from './messages';
import type { Rng } from './prng';

/** What a sport's in-play engine may ask of the event it runs. Times are feed (world) time. */
export interface EngineHost {
  readonly rng: Rng;
  /**
   * The stream of plays that decide no result (attacks, shots that miss, cards): kept apart
   * from `rng`, so the live data never changes how a match is played out.
   */
  readonly playRng: Rng;
  now(): number;
  /** Runs `action` at `time` if the event is still being played then. */
  at(time: number, action: () => void): void;
  /** Publishes the play the board now shows (live data; no market changes). */
  play(): void;
  /** Reprices from the current state and publishes what changed. */
  publish(): void;
  /** Suspends every market until a matching release (stops nest). */
  betStop(reason: BetStopReason): void;
  release(): void;
  /** Settles the markets about periods up to this one (first half, first set, ...). */
  periodEnded(period: number): void;
  /** Settles the markets the engine now holds decided (`SportEngine.isDecided`). */
  settleDecided(): void;
  /** The match is over: results follow. */
  finish(): void;
}

/** The part of the status the engine knows; the event adds whether it is live, over, etc. */
export type ScoreBoard = Omit<MatchStatus, 'status'>;

export interface SportEngine {
  /** Kick-off: schedules the play. */
  start(): void;
  /** Pre-match news (injuries, weather, money) moves the model a little. */
  drift(): void;
  board(): ScoreBoard;
  price(): MarketSpec[];
  /** Outcomes of offered markets under the final result (null for one that cannot be settled). */
  settle(markets: readonly MarketRef[]): (OutcomeSpec[] | null)[];
  /** The period after which a market is settled (its specifiers name a quarter or map). */
  settleAfterPeriod(playId: number, specifiers?: string): number | undefined;
  /** A market decided before its period ends (a game's winner in tennis), settled at once. */
  isDecided?(playId: number, specifiers: string): boolean;
  result(): MatchResult;
  /** Goal sports: a goal recorded at the end and later ruled out (a settlement to roll back). */
  setPhantomGoal?(side: 'home' | 'away' | null): void;
}

export function periodCode(period: number, inBreak: boolean): number {
  if (period <= 0) return 0;
  const capped = Math.min(period, 5);
  return inBreak ? 2 * capped : 2 * capped - 1;
}

export function ordinal(n: number): string {
  const suffix = n === 1 ? 'st' : n === 2 ? 'nd' : n === 3 ? 'rd' : 'th';
  return `${n}${suffix}`;
}
