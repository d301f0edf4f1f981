import { type EngineHost, periodCode, type ScoreBoard } from '../engine';
import type { GoalDists } from '../markets/goals';
import type { Names, PlayDef } from '../markets/spec';
import type { MatchResult, PeriodScore } from '../messages';
import type { PeriodPlan } from '../models/goals';
import type { Rng } from '../prng';
import { PlayLog } from './plays';

export interface GoalsSetup {
  plan: readonly PeriodPlan[];
  /** Feed milliseconds per minute of match time (60 000 is real time). */
  msPerMinute: number;
  breakMs: number;
  stoppage: (rng: Rng, period: number) => number;
  /** Expected corners per side, for football. */
  corners: PeriodScore | null;
  penalties: boolean;
  overtime: { minutes: number; rateFactor: number; shootoutHome: number } | null;
  plays: PlayDef<GoalDists>[];
  labels: { periods: readonly string[]; breaks: readonly string[] };
  /** Minutes between routine repricings (0: only goals and periods are published). */
  publishEvery: number;
}

export type Side = 'home' | 'away';
export const SIDES: readonly Side[] = ['home', 'away'];

export const zero = (): PeriodScore => ({ home: 0, away: 0 });
export const add = (a: PeriodScore, b: PeriodScore): PeriodScore => ({
  home: a.home + b.home,
  away: a.away + b.away,
});

/**
 * Where a football or ice hockey match stands (periods, goals, corners, the clock) and how it
 * is shown; the engine built on it plays the match and prices it.
 */
export abstract class GoalsState {
  protected period = 0;
  protected inBreak = false;
  protected ended = false;
  protected periodStart = 0;
  protected length = 0;
  protected readonly goals: PeriodScore[] = [];
  /** Who scored each goal of regulation, in order (the next-goal markets settle on it). */
  protected readonly scorers: Side[] = [];
  protected readonly corners = zero();
  protected phantom: Side | null = null;
  protected overtimeWinner: Side | null = null;
  protected shootout = false;
  protected readonly plays: PlayLog;

  constructor(
    protected readonly host: EngineHost,
    protected readonly setup: GoalsSetup,
    protected readonly expected: PeriodScore,
    protected readonly names: Names,
  ) {
    // Football (the sport with corners) reports possession, corners and cards too.
    this.plays = new PlayLog(
      setup.corners
        ? [
            'possession',
            'attacks',
            'dangerous_attacks',
            'shots_on_target',
            'shots_off_target',
            'corners',
            'yellow_cards',
            'red_cards',
          ]
        : ['attacks', 'dangerous_attacks', 'shots_on_target', 'shots_off_target'],
    );
  }

  protected get rng(): Rng {
    return this.host.rng;
  }

  protected overtimeRates(): PeriodScore {
    const factor = (this.setup.overtime?.rateFactor ?? 1) / this.totalMinutes();
    return { home: this.expected.home * factor, away: this.expected.away * factor };
  }

  protected totalMinutes(): number {
    return this.setup.plan.reduce((sum, part) => sum + part.minutes + part.meanStoppage, 0);
  }

  protected minutesLeft(): number {
    if (this.period === 0 || this.inBreak || this.ended) return 0;
    const played = (this.host.now() - this.periodStart) / this.setup.msPerMinute;
    return Math.max(0, this.length - played);
  }

  /** Regulation's scorers in order, a phantom goal last when one stands. */
  protected goalOrder(): Side[] {
    return this.phantom ? [...this.scorers, this.phantom] : [...this.scorers];
  }

  /** Regulation score (overtime excluded), with a phantom goal when one stands. */
  protected regulation(): PeriodScore {
    const regular = this.goals.slice(0, this.setup.plan.length).reduce(add, zero());
    if (this.phantom) regular[this.phantom]++;
    return regular;
  }

  protected periodScores(): PeriodScore[] {
    const scores = this.goals.map((g) => ({ ...g }));
    const last = scores[this.setup.plan.length - 1];
    if (this.phantom && last) last[this.phantom]++;
    return scores;
  }

  setPhantomGoal(side: Side | null) {
    this.phantom = side;
  }

  board(): ScoreBoard {
    const scores = this.periodScores();
    const total = scores.reduce(add, zero());
    const board: ScoreBoard = {
      period: this.period,
      periodCode: periodCode(this.period, this.inBreak),
      inBreak: this.inBreak,
      description: this.description(),
      homeScore: total.home,
      awayScore: total.away,
      periodScores: scores,
      clock: this.clock(),
      ...this.plays.board(),
    };
    if (this.setup.corners) board.corners = { ...this.corners };
    return board;
  }

  /** Seconds of match clock played now. */
  protected elapsed(): number {
    return this.clock().elapsed;
  }

  private clock(): NonNullable<ScoreBoard['clock']> {
    const plan = this.setup.plan;
    const before = plan.slice(0, this.period - 1).reduce((sum, part) => sum + part.minutes, 0);
    const played = this.period === 0 ? 0 : this.length - this.minutesLeft();
    const regular = plan[this.period - 1]?.minutes ?? this.setup.overtime?.minutes ?? 0;
    const running = this.period > 0 && !this.inBreak && !this.ended;
    const clock: NonNullable<ScoreBoard['clock']> = {
      elapsed: Math.round((before + played) * 60),
      running,
    };
    if (running && played > regular) clock.stoppageMinutes = this.length - regular;
    return clock;
  }

  private description(): string {
    const { periods, breaks } = this.setup.labels;
    if (this.ended) {
      if (this.overtimeWinner)
        return this.shootout ? 'Ended after penalties' : 'Ended after overtime';
      return 'Ended';
    }
    if (this.period === 0) return 'Not started';
    if (this.period > periods.length) return 'Overtime';
    if (this.inBreak) return breaks[this.period - 1] ?? 'Break';
    return periods[this.period - 1] ?? 'In play';
  }

  result(): MatchResult {
    const scores = this.periodScores();
    const total = scores.reduce(add, zero());
    const result: MatchResult = {
      homeScore: total.home,
      awayScore: total.away,
      periodScores: scores,
      halftime: scores[0] ?? zero(),
    };
    if (this.setup.overtime) result.regulation = this.regulation();
    if (this.setup.corners) result.corners = { ...this.corners };
    return result;
  }
}
