import type { SportEngine } from '../engine';
import { GOAL_TOPS, type GoalDists, goalView } from '../markets/goals';
import { buildMarkets, isOverDecided, settleMarket } from '../markets/spec';
import type { MarketRef, PlayKind } from '../messages';
import { type Dist, difference, pointMass, poisson, shift } from '../models/dist';
import {
  type ClockState,
  goalRate,
  overtimeHomeShare,
  remainingGoals,
  remainingMinutes,
} from '../models/goals';
import { GoalsState, SIDES, type Side, zero } from './goals-state';

export type { GoalsSetup } from './goals-state';

/** Penalties awarded per side per minute (about one match in three has one) and their conversion. */
const PENALTY_RATE = 0.0016;
const PENALTY_SCORED = 0.78;
/** Attacks that look dangerous enough to stop betting but come to nothing, per side per minute. */
const ALARM_RATE = 0.025;

/**
 * The live data between goals, per minute: one spell of possession that is an attack, turns
 * dangerous with `danger`, ends in a shot with `shot` (on target with `onTarget`). Football's
 * cards per side per minute: near four yellows a match, as top leagues average, and a red in one
 * match of ten. The total cards market settles on these cards, the ones the tracker shows, and
 * prices them as the Poisson counts they are.
 */
const FOOTBALL_PLAY = { danger: 0.4, shot: 0.6, onTarget: 0.38, yellow: 0.019, red: 0.0006 };
const HOCKEY_PLAY = { danger: 0.7, shot: 0.85, onTarget: 0.6, yellow: 0, red: 0 };
/** Football's next goal market, settled as each goal goes in. */
const NEXT_GOAL_PLAY = 26;

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
    this.sampleLivePlay(t0, dt);
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
          if (this.inBreak) return;
          this.corners[side]++;
          this.showCount('corner', side);
        });
      }
    }
    if (this.setup.penalties && this.rng.chance(ALARM_RATE)) {
      const at = t0 + this.rng.between(0, dt);
      this.host.at(at, () => {
        this.notePlay('dangerous_attack', side);
        this.host.betStop('dangerous_attack');
      });
      this.host.at(at + this.seconds(this.rng.between(8, 20)), () => this.host.release());
    }
  }

  /**
   * Attacks, shots and cards that decide nothing, from the live data's own stream: the side with
   * the better expectation has more of the ball.
   */
  private sampleLivePlay(t0: number, dt: number) {
    const rng = this.host.playRng;
    const model = this.setup.corners ? FOOTBALL_PLAY : HOCKEY_PLAY;
    const { home, away } = this.expected;
    const share = Math.min(0.8, Math.max(0.2, 0.5 + (0.3 * (home - away)) / (home + away)));
    const side: Side = rng.chance(share + rng.normal(0, 0.05)) ? 'home' : 'away';
    let at = t0 + rng.between(0, dt * 0.3);
    this.host.at(at, () => {
      if (!this.inBreak) this.plays.hold(side, 60);
      this.showPlay('attack', side);
    });
    if (rng.chance(model.danger)) {
      at += rng.between(dt * 0.1, dt * 0.3);
      this.host.at(at, () => this.showPlay('dangerous_attack', side));
      if (rng.chance(model.shot)) {
        const kind = rng.chance(model.onTarget) ? 'shot_on_target' : 'shot_off_target';
        this.host.at(at + rng.between(dt * 0.05, dt * 0.25), () => this.showPlay(kind, side));
      }
    }
    for (const booked of SIDES) {
      if (rng.chance(model.yellow))
        this.host.at(t0 + rng.between(0, dt), () => this.showCount('yellow_card', booked));
      if (rng.chance(model.red))
        this.host.at(t0 + rng.between(0, dt), () => this.showCount('red_card', booked));
    }
  }

  /** Records a play and publishes it, unless the ball is not in play. */
  private showPlay(kind: PlayKind, side: Side) {
    if (!this.notePlay(kind, side)) return;
    this.host.play();
  }

  /**
   * A corner or a card: a count markets are on (total corners, total cards), so the book is
   * priced again with the play, and a line it passes closes and settles at once.
   */
  private showCount(kind: PlayKind, side: Side) {
    if (!this.notePlay(kind, side)) return;
    this.host.publish();
    // Cards are live data, not part of the score the event watches for news: settled here.
    if (kind !== 'corner') this.host.settleDecided();
  }

  /** Records a play for the next message to carry; false while the ball is not in play. */
  private notePlay(kind: PlayKind, side: Side): boolean {
    if (this.inBreak || this.ended || this.period === 0) return false;
    this.plays.record(kind, side, this.elapsed());
    return true;
  }

  private goalAt(side: Side, time: number) {
    const stopAt = Math.max(this.host.now(), time - this.seconds(this.rng.between(5, 15)));
    this.host.at(stopAt, () => {
      this.notePlay('dangerous_attack', side);
      this.host.betStop('possible_goal');
    });
    this.host.at(time, () => this.score(side));
    this.host.at(time + this.seconds(this.rng.between(40, 70)), () => this.host.release());
  }

  private penaltyAt(side: Side, time: number) {
    const decided = time + this.seconds(this.rng.between(60, 100));
    this.host.at(time, () => {
      this.notePlay('penalty', side);
      this.host.betStop('penalty');
    });
    this.host.at(decided, () => {
      if (this.rng.chance(PENALTY_SCORED)) this.score(side);
    });
    this.host.at(decided + this.seconds(this.rng.between(30, 50)), () => this.host.release());
  }

  private score(side: Side) {
    const current = this.goals[this.period - 1];
    if (!current || this.inBreak || this.ended) return;
    current[side]++;
    if (this.period <= this.setup.plan.length) this.scorers.push(side);
    this.notePlay('goal', side);
    this.host.publish();
    this.host.settleDecided();
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
    const first = firstOpen
      ? goalView(shift(poisson(home.first), half.home), shift(poisson(away.first), half.away))
      : null;
    const rest = difference(
      shift(poisson(home.full - home.first), reg.home - half.home),
      shift(poisson(away.full - away.first), reg.away - half.away),
    );
    const inPlay = this.period > 0 && !this.ended;
    return {
      full: goalView(shift(poisson(home.full), reg.home), shift(poisson(away.full), reg.away)),
      first,
      corners: this.cornerView(home.full / Math.max(this.expected.home, 1e-9)),
      tieHomeShare: overtime
        ? overtimeHomeShare(rates.home, rates.away, otMinutes, overtime.shootoutHome)
        : 0.5,
      halves: { first: first ? first.margin : pointMass(half.home - half.away), rest },
      goalOrder: this.goalOrder(),
      toCome: inPlay ? { home: home.full, away: away.full } : null,
      cards: this.cardsView(clock),
    };
  }

  /** Cards still to come at the live data's rates, over the minutes still to play. */
  private cardsView(clock: ClockState): Dist | null {
    if (!this.setup.corners) return null;
    const perMinute = 2 * (FOOTBALL_PLAY.yellow + FOOTBALL_PLAY.red);
    return shift(poisson(perMinute * remainingMinutes(this.setup.plan, clock)), this.cardsShown());
  }

  private cardsShown(): number {
    const yellow = this.plays.statistic('yellow_cards');
    const red = this.plays.statistic('red_cards');
    return yellow.home + yellow.away + red.home + red.away;
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
      halves: {
        first: pointMass(half.home - half.away),
        rest: pointMass(reg.home - half.home - (reg.away - half.away)),
      },
      goalOrder: this.goalOrder(),
      // Goals not scored yet are decided only once the match is over.
      toCome: this.ended ? { home: 0, away: 0 } : null,
      cards: pointMass(this.cardsShown()),
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

  /**
   * Markets the counts so far decide for good, settled at once: next goal N the moment goal N
   * goes in (the one never scored, at the end), an over line once passed (goals, a side's goals,
   * the first half's while it is played, corners, cards), the top count of exact goals once
   * reached, both teams to score once both have, and any other correct score once a side is
   * past the listed ones.
   */
  isDecided(playId: number, specifiers: string): boolean {
    const reg = this.regulation();
    const goals = reg.home + reg.away;
    const half = this.goals[0] ?? zero();
    const tops = this.setup.overtime ? GOAL_TOPS.hockey : GOAL_TOPS.football;
    const football = this.setup.corners !== null;
    switch (playId) {
      case NEXT_GOAL_PLAY: {
        const goal = Number(/(?:^|\|)goalnr=(\d+)/.exec(specifiers)?.[1]);
        return goal > 0 && goal <= this.scorers.length;
      }
      case 2:
      case 18:
        return isOverDecided(goals, specifiers);
      case 5:
        return this.period === 1 && isOverDecided(half.home + half.away, specifiers);
      case 7:
        return football && isOverDecided(this.corners.home + this.corners.away, specifiers);
      case 8:
        return reg.home > tops.correctScore || reg.away > tops.correctScore;
      case 9:
        return goals >= tops.exactGoals;
      case 20:
        return football && reg.home > 0 && reg.away > 0;
      case 23:
        return isOverDecided(reg.home, specifiers);
      case 24:
        return isOverDecided(reg.away, specifiers);
      case 27:
        return football && isOverDecided(this.cardsShown(), specifiers);
      default:
        return false;
    }
  }
}
