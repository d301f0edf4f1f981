import { type EngineHost, ordinal, periodCode, type ScoreBoard, type SportEngine } from '../engine';
import type { SetsDists, SetsLabels } from '../markets/sets';
import { buildMarkets, type Names, type PlayDef, settleMarket } from '../markets/spec';
import type { MarketRef, MatchResult, PeriodScore } from '../messages';
import { pointMass, shift } from '../models/dist';
import {
  type Continuation,
  expandSet,
  firstSet,
  fromScores,
  type SetFinish,
  setsToWin,
} from '../models/sets';

export interface SetsSetup {
  labels: SetsLabels;
  plays: PlayDef<SetsDists>[];
  setBreakMs: number;
}

const zero = (): PeriodScore => ({ home: 0, away: 0 });

/**
 * What set sports share: sets (or maps) made of units (games, points, rounds), markets priced
 * from how the set in play can finish and how later sets go, settled on the final score.
 */
export abstract class SetsEngine implements SportEngine {
  protected readonly sets: PeriodScore[] = [];
  protected readonly won = zero();
  protected period = 0;
  protected inBreak = false;
  protected ended = false;

  constructor(
    protected readonly host: EngineHost,
    protected readonly setup: SetsSetup,
    protected readonly names: Names,
  ) {}

  /** Schedules the next stretch of play in the current set. */
  protected abstract play(): void;
  /** Finishes of the set in play (or the next one) and how the match continues after each. */
  protected abstract current(): { finishes: SetFinish[]; next: Continuation };
  abstract drift(): void;

  start() {
    this.startSet();
  }

  protected get inPlay(): boolean {
    return this.period > 0 && !this.inBreak && !this.ended;
  }

  protected currentSet(): PeriodScore {
    return this.inPlay ? (this.sets[this.sets.length - 1] ?? zero()) : zero();
  }

  private startSet() {
    this.sets.push(zero());
    this.period = this.sets.length;
    this.inBreak = false;
    this.host.publish();
    this.play();
  }

  /** Ends the set in play; returns false when that ended the match. */
  protected endSet(): boolean {
    const set = this.sets[this.sets.length - 1] ?? zero();
    const winner = set.home > set.away ? 'home' : 'away';
    this.won[winner]++;
    this.inBreak = true;
    if (this.won[winner] === setsToWin(this.setup.labels.bestOf)) {
      this.ended = true;
      this.host.finish();
      return false;
    }
    this.host.publish();
    this.host.periodEnded(this.period);
    this.host.at(this.host.now() + this.setup.setBreakMs, () => this.startSet());
    return true;
  }

  private dists(): SetsDists {
    const { finishes, next } = this.current();
    const done = (this.inPlay ? this.sets.slice(0, -1) : this.sets).reduce(
      (sum, s) => ({ home: sum.home + s.home, away: sum.away + s.away }),
      zero(),
    );
    const rest = expandSet(this.won.home, this.won.away, finishes, this.setup.labels.bestOf, next);
    const firstOpen = this.period === 0 || (this.period === 1 && !this.inBreak);
    return {
      setScores: rest.scores,
      units: shift(rest.units, done.home + done.away),
      unitMargin: shift(rest.margin, done.home - done.away),
      setMargin: fromScores(rest.scores, (h, a) => h - a),
      sets: fromScores(rest.scores, (h, a) => h + a),
      first: firstOpen ? firstSet(finishes) : null,
    };
  }

  private finalDists(): SetsDists {
    const total = this.sets.reduce(
      (sum, s) => ({ home: sum.home + s.home, away: sum.away + s.away }),
      zero(),
    );
    const first = this.sets[0] ?? zero();
    return {
      setScores: new Map([[`${this.won.home}:${this.won.away}`, 1]]),
      units: pointMass(total.home + total.away),
      unitMargin: pointMass(total.home - total.away),
      setMargin: pointMass(this.won.home - this.won.away),
      sets: pointMass(this.won.home + this.won.away),
      first: {
        margin: pointMass(first.home - first.away),
        total: pointMass(first.home + first.away),
      },
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

  board(): ScoreBoard {
    return {
      period: Math.min(this.period, 5),
      periodCode: periodCode(Math.min(this.period, 5), this.inBreak),
      inBreak: this.inBreak,
      description: this.description(),
      homeScore: this.won.home,
      awayScore: this.won.away,
      periodScores: this.sets.map((s) => ({ ...s })),
    };
  }

  private description(): string {
    if (this.ended) return 'Ended';
    if (this.period === 0) return 'Not started';
    if (this.inBreak) return 'Break';
    return `${ordinal(this.period)} ${this.setup.labels.set}`;
  }

  result(): MatchResult {
    return {
      homeScore: this.won.home,
      awayScore: this.won.away,
      periodScores: this.sets.map((s) => ({ ...s })),
      halftime: { ...(this.sets[0] ?? zero()) },
    };
  }
}
