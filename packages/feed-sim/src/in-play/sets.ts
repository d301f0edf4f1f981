import { type EngineHost, ordinal, periodCode, type ScoreBoard, type SportEngine } from '../engine';
import {
  needsSetsByNumber,
  type SetsDists,
  type SetsLabels,
  SetsPlayIds,
  type SetView,
} from '../markets/sets';
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
const NO_GAMES: ReadonlyMap<string, number> = new Map();
const NO_SETS: ReadonlyMap<number, SetView | null> = new Map();

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
  /** Whether the plays price each set by number (esports maps); costly, so only then. */
  private readonly pricesByNumber: boolean;

  constructor(
    protected readonly host: EngineHost,
    protected readonly setup: SetsSetup,
    protected readonly names: Names,
  ) {
    this.pricesByNumber = needsSetsByNumber(setup.plays);
  }

  /** How a set not yet begun can finish (plays about later sets); none unless a sport needs it. */
  protected freshSet(_number: number): SetFinish[] | null {
    return null;
  }

  /** The next game's scope and the chance home wins it, for sports that offer it in play. */
  protected nextGame(): { scope: string; home: number } | null {
    return null;
  }

  /** Games played by scope, 1 when home won them, for settling their markets. */
  protected playedGames(): ReadonlyMap<string, number> {
    return NO_GAMES;
  }

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
      byNumber: this.pricesByNumber ? this.setsAhead(finishes) : NO_SETS,
      games: this.gamesAhead(),
    };
  }

  /** The set in play (or next) from its finishes, and later sets that may yet be played. */
  private setsAhead(finishes: readonly SetFinish[]): Map<number, SetView> {
    const views = new Map<number, SetView>();
    if (this.ended) return views;
    const next = this.inPlay ? this.sets.length : this.sets.length + 1;
    // Until the match is won the deciding set can still come: every later number may be played.
    views.set(next, firstSet(finishes));
    for (let number = next + 1; number <= this.setup.labels.bestOf; number++) {
      const fresh = this.freshSet(number);
      if (fresh) views.set(number, firstSet(fresh));
    }
    return views;
  }

  private gamesAhead(): ReadonlyMap<string, number> {
    if (this.period === 0 || this.ended) return NO_GAMES;
    const next = this.nextGame();
    return next ? new Map([[next.scope, next.home]]) : NO_GAMES;
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
      byNumber: this.pricesByNumber ? this.setsPlayed() : NO_SETS,
      games: this.playedGames(),
    };
  }

  /** Every set number up to the longest match: its result, or null if it was never played. */
  private setsPlayed(): Map<number, SetView | null> {
    const views = new Map<number, SetView | null>();
    for (let number = 1; number <= this.setup.labels.bestOf; number++) {
      const set = this.sets[number - 1];
      views.set(
        number,
        set
          ? { margin: pointMass(set.home - set.away), total: pointMass(set.home + set.away) }
          : null,
      );
    }
    return views;
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
   * An over line the games, points or rounds so far have passed has won for good and is settled
   * at once: the match's, and the first set's or a later map's while it is played.
   */
  isDecided(playId: number, specifiers: string): boolean {
    const units = (set: PeriodScore | undefined) => (set ? set.home + set.away : 0);
    const playing = (n: number) => this.inPlay && this.sets.length === n;
    switch (playId) {
      case 2:
        return isOverDecided(
          this.sets.reduce((sum, set) => sum + units(set), 0),
          specifiers,
        );
      case 5:
        return playing(1) && isOverDecided(units(this.sets[0]), specifiers);
      case SetsPlayIds.MapTotal: {
        const map = scopeNumber(specifiers, 'mapnr');
        return playing(map) && isOverDecided(units(this.sets[map - 1]), specifiers);
      }
      default:
        return false;
    }
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
