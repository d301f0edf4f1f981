import { type EngineHost, ordinal, periodCode, type ScoreBoard, type SportEngine } from '../engine';
import { type HoopsDists, HoopsPlayIds } from '../markets/hoops';
import {
  buildMarkets,
  isOverDecided,
  type Names,
  type PlayDef,
  scopeNumber,
  settleAfterPeriodOf,
  settleMarket,
} from '../markets/spec';
import type { MarketRef, MatchResult, PeriodScore } from '../messages';
import { type Dist, pointMass, shift } from '../models/dist';
import {
  finalWithOvertime,
  type HoopsParams,
  secondHalfAhead,
  segment,
  sideWithOvertime,
} from '../models/hoops';
import { PlayLog } from './plays';

export interface HoopsSetup {
  quarterMinutes: number;
  msPerMinute: number;
  /** Feed milliseconds of the short breaks and of half-time. */
  quarterBreakMs: number;
  halfTimeMs: number;
  params: HoopsParams;
  plays: PlayDef<HoopsDists>[];
  /** Game minutes between publications (virtual games show quarters). */
  publishEvery: number;
  /**
   * Steps the score moves in per game minute: a real game's score and prices move several times
   * a minute, as baskets fall, instead of once a minute.
   */
  stepsPerMinute: number;
}

const zero = (): PeriodScore => ({ home: 0, away: 0 });
const add = (a: PeriodScore, b: PeriodScore): PeriodScore => ({
  home: a.home + b.home,
  away: a.away + b.away,
});

/**
 * Basketball in play, a game minute at a time: points follow the model's correlated normal
 * process (the shown score never goes down), quarters and overtimes follow the rules.
 */
export class HoopsEngine implements SportEngine {
  private period = 0;
  private inBreak = false;
  private ended = false;
  private periodStart = 0;
  private length = 0;
  /** Points per quarter; overtimes all count in the fifth entry (h5 / a5). */
  private readonly points: PeriodScore[] = [];
  private readonly latent = zero();
  private readonly score = zero();
  private readonly plays = new PlayLog(['two_pointers', 'three_pointers', 'free_throws']);

  constructor(
    private readonly host: EngineHost,
    private readonly setup: HoopsSetup,
    private readonly names: Names,
  ) {}

  start() {
    this.startPeriod(1);
  }

  drift() {
    const shiftBy = this.host.rng.normal(0, 0.5) / (4 * this.setup.quarterMinutes);
    this.setup.params.homeRate += shiftBy / 2;
    this.setup.params.awayRate -= shiftBy / 2;
  }

  private startPeriod(period: number) {
    this.period = period;
    this.inBreak = false;
    this.periodStart = this.host.now();
    this.length = period <= 4 ? this.setup.quarterMinutes : this.setup.params.overtimeMinutes;
    if (this.points.length < Math.min(period, 5)) this.points.push(zero());
    this.tick(0);
  }

  private tick(step: number) {
    const { stepsPerMinute } = this.setup;
    if (step > 0) this.playStep(1 / stepsPerMinute);
    if (step >= this.length * stepsPerMinute) {
      this.periodEnd();
      return;
    }
    const publishSteps = Math.max(1, Math.round(this.setup.publishEvery * stepsPerMinute));
    if (step % publishSteps === 0) this.host.publish();
    this.host.at(this.host.now() + this.setup.msPerMinute / stepsPerMinute, () =>
      this.tick(step + 1),
    );
  }

  /**
   * A `fraction` of a game minute: the model's per-minute drift scaled by it, and its variances
   * too (a normal process's spread grows with the square root of time), so the game's totals
   * keep the model's distribution whatever the step.
   */
  private playStep(fraction: number) {
    const { params } = this.setup;
    const rng = this.host.rng;
    const pace = rng.normal(0, Math.sqrt(params.covariance * fraction));
    const own = Math.sqrt((params.variance - params.covariance) * fraction);
    const current = this.points[Math.min(this.period, 5) - 1];
    const scored = zero();
    for (const side of ['home', 'away'] as const) {
      const rate = side === 'home' ? params.homeRate : params.awayRate;
      this.latent[side] += rate * fraction + pace + rng.normal(0, own);
      const shown = Math.max(this.score[side], Math.round(this.latent[side]));
      scored[side] = shown - this.score[side];
      if (current) current[side] += scored[side];
      this.score[side] = shown;
    }
    // Both sides' points are in before the baskets are told, so a play shows the whole score.
    for (const side of ['home', 'away'] as const) this.notePoints(side, scored[side]);
  }

  /** Live data: the step's points told as baskets (from the live data's own stream). */
  private notePoints(side: 'home' | 'away', points: number) {
    const rng = this.host.playRng;
    const at = Math.round(this.elapsedMinutes() * 60);
    let left = points;
    while (left > 0) {
      const basket = left >= 3 && rng.chance(0.4) ? 3 : left >= 2 && rng.chance(0.85) ? 2 : 1;
      this.plays.record(
        basket === 3 ? 'three_pointer' : basket === 2 ? 'two_pointer' : 'free_throw',
        side,
        at,
      );
      left -= basket;
    }
    if (points > 0) this.host.play();
  }

  private periodEnd() {
    this.inBreak = true;
    if (this.period >= 4 && this.score.home !== this.score.away) {
      this.ended = true;
      this.host.finish();
      return;
    }
    this.host.publish();
    this.host.periodEnded(this.period);
    const pause = this.period === 2 ? this.setup.halfTimeMs : this.setup.quarterBreakMs;
    this.host.at(this.host.now() + pause, () => this.startPeriod(this.period + 1));
  }

  private minutesLeft(): number {
    if (this.period === 0 || this.inBreak || this.ended) return 0;
    const played = (this.host.now() - this.periodStart) / this.setup.msPerMinute;
    return Math.max(0, this.length - played);
  }

  private dists(): HoopsDists {
    const q = this.setup.quarterMinutes;
    const left = this.minutesLeft();
    const p = this.period;
    const regulationLeft = p === 0 ? 4 * q : p <= 4 ? (4 - p) * q + left : left;
    const margin = this.score.home - this.score.away;
    const total = this.score.home + this.score.away;
    const final = finalWithOvertime(this.setup.params, margin, total, regulationLeft);
    const halfLeft = p === 0 ? 2 * q : p === 1 ? q + left : p === 2 && !this.inBreak ? left : -1;
    const quarterLeft = p === 0 ? q : p === 1 && !this.inBreak ? left : -1;
    const { params } = this.setup;
    return {
      margin: final.margin,
      total: final.total,
      half: halfLeft < 0 ? null : this.scopeDists(this.points.slice(0, 2), halfLeft),
      quarter:
        quarterLeft < 0 ? null : this.scopeDists(this.points.slice(0, 1), quarterLeft).margin,
      quarters: this.quartersAhead(left),
      secondHalf: this.secondHalf(final, regulationLeft),
      home: sideWithOvertime(params, params.homeRate, this.score.home, final.tie, regulationLeft),
      away: sideWithOvertime(params, params.awayRate, this.score.away, final.tie, regulationLeft),
    };
  }

  /** Quarters not yet over: the one in play from its points so far, later ones afresh. */
  private quartersAhead(left: number): Map<number, { margin: Dist; total: Dist }> {
    const quarters = new Map<number, { margin: Dist; total: Dist }>();
    const p = this.period;
    const inPlay = p >= 1 && p <= 4 && !this.inBreak;
    if (inPlay) quarters.set(p, this.scopeDists(this.points.slice(p - 1, p), left));
    const fresh = segment(this.setup.params, this.setup.quarterMinutes);
    for (let n = Math.max(p + 1, 1); n <= 4; n++) quarters.set(n, fresh);
    return quarters;
  }

  /**
   * The second half with overtime: once the first half is over it is the rest of the game less
   * the first half's points; before, two quarters afresh and maybe an overtime.
   */
  private secondHalf(final: { margin: Dist; total: Dist; tie: number }, regulationLeft: number) {
    const q = this.setup.quarterMinutes;
    if (regulationLeft > 2 * q || (this.period === 2 && !this.inBreak)) {
      return secondHalfAhead(this.setup.params, 2 * q, final.tie);
    }
    const first = this.points.slice(0, 2).reduce(add, zero());
    return {
      margin: shift(final.margin, first.away - first.home),
      total: shift(final.total, -(first.home + first.away)),
    };
  }

  private scopeDists(parts: PeriodScore[], minutesLeft: number): { margin: Dist; total: Dist } {
    const sum = parts.reduce(add, zero());
    const rest = segment(this.setup.params, minutesLeft);
    return {
      margin: shift(rest.margin, sum.home - sum.away),
      total: shift(rest.total, sum.home + sum.away),
    };
  }

  private finalDists(): HoopsDists {
    const half = this.points.slice(0, 2).reduce(add, zero());
    const first = this.points[0] ?? zero();
    return {
      margin: pointMass(this.score.home - this.score.away),
      total: pointMass(this.score.home + this.score.away),
      half: { margin: pointMass(half.home - half.away), total: pointMass(half.home + half.away) },
      quarter: pointMass(first.home - first.away),
      quarters: new Map(
        this.points.slice(0, 4).map((points, i) => [
          i + 1,
          {
            margin: pointMass(points.home - points.away),
            total: pointMass(points.home + points.away),
          },
        ]),
      ),
      secondHalf: {
        margin: pointMass(this.score.home - this.score.away - (half.home - half.away)),
        total: pointMass(this.score.home + this.score.away - (half.home + half.away)),
      },
      home: pointMass(this.score.home),
      away: pointMass(this.score.away),
    };
  }

  price() {
    return buildMarkets(this.setup.plays, this.dists(), this.names);
  }

  settle(markets: readonly MarketRef[]) {
    const final = this.finalDists();
    return markets.map((market) => settleMarket(this.setup.plays, final, market, this.names));
  }

  settleAfterPeriod(playId: number, specifiers?: string) {
    return settleAfterPeriodOf(this.setup.plays, playId, specifiers);
  }

  /**
   * An over line the points so far have passed has won for good and is settled at once: the
   * game's, a side's, the second half's, and the first half's or a quarter's while it is played.
   */
  isDecided(playId: number, specifiers: string): boolean {
    const points = (from: number, to?: number) =>
      this.points.slice(from, to).reduce((sum, p) => sum + p.home + p.away, 0);
    const playing = (n: number) => this.period === n && !this.inBreak;
    switch (playId) {
      case 2:
        return isOverDecided(this.score.home + this.score.away, specifiers);
      case 5:
        return this.period <= 2 && !this.inBreak && isOverDecided(points(0, 2), specifiers);
      case HoopsPlayIds.QuarterTotal: {
        const quarter = scopeNumber(specifiers, 'quarternr');
        return playing(quarter) && isOverDecided(points(quarter - 1, quarter), specifiers);
      }
      case HoopsPlayIds.SecondHalfTotal:
        return isOverDecided(points(2), specifiers);
      case HoopsPlayIds.HomeTotal:
        return isOverDecided(this.score.home, specifiers);
      case HoopsPlayIds.AwayTotal:
        return isOverDecided(this.score.away, specifiers);
      default:
        return false;
    }
  }

  private elapsedMinutes(): number {
    return (
      Math.min(this.period - 1, 4) * this.setup.quarterMinutes +
      Math.max(0, this.period - 5) * this.setup.params.overtimeMinutes +
      (this.length - this.minutesLeft())
    );
  }

  board(): ScoreBoard {
    const period = Math.min(this.period, 5);
    const elapsedMinutes = this.elapsedMinutes();
    return {
      period,
      periodCode: periodCode(period, this.inBreak),
      inBreak: this.inBreak,
      description: this.description(),
      homeScore: this.score.home,
      awayScore: this.score.away,
      periodScores: this.points.map((p) => ({ ...p })),
      clock: {
        elapsed: this.period === 0 ? 0 : Math.round(elapsedMinutes * 60),
        remaining: Math.round(this.minutesLeft() * 60),
        running: this.period > 0 && !this.inBreak && !this.ended,
      },
      ...this.plays.board(),
    };
  }

  private description(): string {
    if (this.ended) return this.period > 4 ? 'Ended after overtime' : 'Ended';
    if (this.period === 0) return 'Not started';
    if (this.inBreak) return this.period === 2 ? 'Half-time' : 'Break';
    return this.period > 4 ? 'Overtime' : `${ordinal(this.period)} quarter`;
  }

  result(): MatchResult {
    const half = this.points.slice(0, 2).reduce(add, zero());
    return {
      homeScore: this.score.home,
      awayScore: this.score.away,
      periodScores: this.points.map((p) => ({ ...p })),
      halftime: half,
      regulation: this.points.slice(0, 4).reduce(add, zero()),
    };
  }
}
