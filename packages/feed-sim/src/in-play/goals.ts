import type { SportEngine } from '../engine';
import { type GoalDists, goalView } from '../markets/goals';
import { buildMarkets, settleMarket } from '../markets/spec';
import type { MarketRef } from '../messages';
import { pointMass, poisson, shift } from '../models/dist';
import { type ClockState, goalRate, overtimeHomeShare, remainingGoals } from '../models/goals';
import { GoalsState, SIDES, type Side, zero } from './goals-state';

export type { GoalsSetup } from './goals-state';

/** Penalties awarded per side per minute (about one match in three has one) and their conversion. */
const PENALTY_RATE = 0.0016;
const PENALTY_SCORED = 0.78;
/** Attacks that look dangerous enough to stop betting but come to nothing, per side per minute. */
const ALARM_RATE = 0.025;

/** Football and ice hockey in play: a minute-by-minute Poisson match with its dangerous moments. */
export class GoalsEngine extends GoalsState implements SportEngine {
  /** Match seconds as feed milliseconds. */
  private seconds(s: number): number {
    return (s * this.setup.msPerMinute) / 60;
  }

  start() {
    this.startPeriod(1);
  }

  drift() {
    this.expected.home *= Math.exp(this.rng.normal(0, 0.04));
    this.expected.away *= Math.exp(this.rng.normal(0, 0.04));
  }

  private startPeriod(period: number) {
    this.period = period;
    this.inBreak = false;
    this.periodStart = this.host.now();
    this.length =
      (this.setup.plan[period - 1]?.minutes ?? 0) + this.setup.stoppage(this.rng, period);
    this.goals.push(zero());
    this.host.publish();
    this.minute(0);
  }

  private minute(index: number) {
    const every = this.setup.publishEvery;
    if (index > 0 && every > 0 && index % every === 0) this.host.publish();
    const t0 = this.host.now();
    const dt = this.setup.msPerMinute;
    for (const side of SIDES) this.sampleMinute(side, t0, dt);
    const next = index + 1 < this.length ? () => this.minute(index + 1) : () => this.periodEnd();
    this.host.at(t0 + dt, next);
  }

  private sampleMinute(side: Side, t0: number, dt: number) {
    const rate = goalRate(this.expected[side], this.setup.plan, this.period);
    const penaltyRate = this.setup.penalties ? PENALTY_RATE : 0;
    const goals = this.rng.poisson(Math.max(0, rate - PENALTY_SCORED * penaltyRate));
    for (let k = 0; k < goals; k++) this.goalAt(side, t0 + this.rng.between(0, dt));
    if (this.rng.chance(penaltyRate)) this.penaltyAt(side, t0 + this.rng.between(0, dt));
    if (this.setup.corners) {
      const perMinute = this.setup.corners[side] / this.totalMinutes();
      for (let k = this.rng.poisson(perMinute); k > 0; k--) {
        this.host.at(t0 + this.rng.between(0, dt), () => {
          if (!this.inBreak) this.corners[side]++;
        });
      }
    }
    if (this.setup.penalties && this.rng.chance(ALARM_RATE)) {
      const at = t0 + this.rng.between(0, dt);
      this.host.at(at, () => this.host.betStop('dangerous_attack'));
      this.host.at(at + this.seconds(this.rng.between(8, 20)), () => this.host.release());
    }
  }

  private goalAt(side: Side, time: number) {
    const stopAt = Math.max(this.host.now(), time - this.seconds(this.rng.between(5, 15)));
    this.host.at(stopAt, () => this.host.betStop('possible_goal'));
    this.host.at(time, () => this.score(side));
    this.host.at(time + this.seconds(this.rng.between(40, 70)), () => this.host.release());
  }

  private penaltyAt(side: Side, time: number) {
    const decided = time + this.seconds(this.rng.between(60, 100));
    this.host.at(time, () => this.host.betStop('penalty'));
    this.host.at(decided, () => {
      if (this.rng.chance(PENALTY_SCORED)) this.score(side);
    });
    this.host.at(decided + this.seconds(this.rng.between(30, 50)), () => this.host.release());
  }

  private score(side: Side) {
    const current = this.goals[this.period - 1];
    if (!current || this.inBreak || this.ended) return;
    current[side]++;
    this.host.publish();
  }

  private periodEnd() {
    this.inBreak = true;
    const regular = this.setup.plan.length;
    const level = this.regulation().home === this.regulation().away;
    if (this.period >= regular && !(this.setup.overtime && level)) {
      this.end();
      return;
    }
    this.host.publish();
    this.host.periodEnded(this.period);
    const next =
      this.period < regular ? () => this.startPeriod(this.period + 1) : () => this.startOvertime();
    this.host.at(this.host.now() + this.setup.breakMs, next);
  }

  private startOvertime() {
    const overtime = this.setup.overtime;
    if (!overtime) return;
    this.period = this.setup.plan.length + 1;
    this.inBreak = false;
    this.periodStart = this.host.now();
    this.length = overtime.minutes;
    this.goals.push(zero());
    this.host.publish();
    const rates = this.overtimeRates();
    const wait = this.rng.exponential(1 / (rates.home + rates.away));
    const decide = (side: Side, shootout: boolean) => {
      const current = this.goals[this.period - 1];
      if (current) current[side]++;
      this.overtimeWinner = side;
      this.shootout = shootout;
      this.end();
    };
    if (wait < overtime.minutes) {
      const side = this.rng.chance(rates.home / (rates.home + rates.away)) ? 'home' : 'away';
      this.host.at(this.periodStart + wait * this.setup.msPerMinute, () => decide(side, false));
    } else {
      const side = this.rng.chance(overtime.shootoutHome) ? 'home' : 'away';
      this.host.at(this.periodStart + overtime.minutes * this.setup.msPerMinute, () =>
        decide(side, true),
      );
    }
  }

  private end() {
    this.ended = true;
    this.inBreak = true;
    this.host.finish();
  }

  private dists(): GoalDists {
    const clock: ClockState = { period: this.period, minutesLeft: this.minutesLeft() };
    const reg = this.regulation();
    const home = remainingGoals(this.expected.home, this.setup.plan, clock);
    const away = remainingGoals(this.expected.away, this.setup.plan, clock);
    const firstOpen = this.period === 0 || (this.period === 1 && !this.inBreak);
    const half = this.goals[0] ?? zero();
    const overtime = this.setup.overtime;
    const rates = this.overtimeRates();
    const otMinutes =
      this.period > this.setup.plan.length ? this.minutesLeft() : (overtime?.minutes ?? 0);
    return {
      full: goalView(shift(poisson(home.full), reg.home), shift(poisson(away.full), reg.away)),
      first: firstOpen
        ? goalView(shift(poisson(home.first), half.home), shift(poisson(away.first), half.away))
        : null,
      corners: this.cornerView(home.full / Math.max(this.expected.home, 1e-9)),
      tieHomeShare: overtime
        ? overtimeHomeShare(rates.home, rates.away, otMinutes, overtime.shootoutHome)
        : 0.5,
    };
  }

  /** Corners still to come scale with the share of the match's goals still to come. */
  private cornerView(share: number) {
    const expected = this.setup.corners;
    if (!expected) return null;
    return goalView(
      shift(poisson(expected.home * share), this.corners.home),
      shift(poisson(expected.away * share), this.corners.away),
    );
  }

  private finalDists(): GoalDists {
    const reg = this.regulation();
    const half = this.goals[0] ?? zero();
    return {
      full: goalView(pointMass(reg.home), pointMass(reg.away)),
      first: goalView(pointMass(half.home), pointMass(half.away)),
      corners: goalView(pointMass(this.corners.home), pointMass(this.corners.away)),
      tieHomeShare: this.overtimeWinner === 'home' ? 1 : 0,
    };
  }

  price() {
    return buildMarkets(this.setup.plays, this.dists(), this.names);
  }

  settle(markets: readonly MarketRef[]) {
    const final = this.finalDists();
    return markets.map((market) => settleMarket(this.setup.plays, final, market, this.names));
  }

  settleAfterPeriod(playId: number) {
    return this.setup.plays.find((play) => play.playId === playId)?.settleAfterPeriod;
  }
}
