import { type EngineHost, periodCode, type ScoreBoard, type SportEngine } from '../engine';
import type { Entrant, RaceDists } from '../markets/race';
import { buildMarkets, type PlayDef, settleMarket } from '../markets/spec';
import type { MarketRef, MatchResult, RunningOrder } from '../messages';
import { sampleRanking, winProbabilities } from '../models/plackett-luce';
import { runRace } from './running-order';

export interface RaceSetup {
  /** Feed milliseconds from the off to the finish (0 for an outright: decided at once). */
  durationMs: number;
  /** Chance the first two cannot be separated. */
  deadHeatChance: number;
  /** Day-to-day movement of strengths (outrights). */
  driftSd: number;
  plays: PlayDef<RaceDists>[];
}

const NAMES = { home: '', away: '' };
/** Feed milliseconds between two readings of a race's running order. */
const READING_MS = 2_500;

/**
 * Virtual races and outright winners: strengths, Plackett-Luce chances, a sampled finish. A race
 * is also run in sight: its running order is read out as it goes and ends in that finish.
 */
export class RaceEngine implements SportEngine {
  private readonly favouriteId: string | null;
  /** Drawn at the off so the running order can lead to it; shown only once decided. */
  private ranking: string[] = [];
  private deadHeat: string[] = [];
  private decided = false;
  private running = false;
  private order: RunningOrder | undefined;

  constructor(
    private readonly host: EngineHost,
    private readonly setup: RaceSetup,
    private readonly entrants: readonly Entrant[],
    private readonly weights: Map<string, number>,
  ) {
    const strongest = [...weights].sort((a, b) => b[1] - a[1])[0];
    this.favouriteId = strongest ? strongest[0] : null;
  }

  start() {
    // The same draws, in the same order, as when the finish was drawn at the post: nothing else
    // takes from this stream while a race is run, so results are those of a race run unseen.
    this.ranking = sampleRanking(this.weights, this.host.rng);
    if (this.host.rng.chance(this.setup.deadHeatChance)) this.deadHeat = this.ranking.slice(0, 2);
    const { durationMs } = this.setup;
    if (durationMs <= 0) {
      this.decide();
      return;
    }
    const readings = Math.max(1, Math.round(durationMs / READING_MS));
    const finish = this.ranking.map(Number);
    const course = runRace(finish, this.deadHeat.length > 0, readings, this.host.playRng);
    const atTheOff = this.entrants.map((entrant) => ({ id: Number(entrant.id), progress: 0 }));
    this.running = true;
    this.order = { n: 1, runners: atTheOff };
    this.host.publish();
    const off = this.host.now();
    course.forEach((runners, i) => {
      const at = off + (durationMs * (i + 1)) / readings;
      const isFinish = i === course.length - 1;
      this.host.at(at, () => {
        this.order = { n: i + 2, runners };
        if (isFinish) this.decide();
        else this.host.play();
      });
    });
  }

  private decide() {
    this.running = false;
    this.decided = true;
    this.host.finish();
  }

  drift() {
    if (this.setup.driftSd <= 0) return;
    for (const [id, weight] of this.weights) {
      this.weights.set(id, weight * Math.exp(this.host.rng.normal(0, this.setup.driftSd)));
    }
  }

  private dists(): RaceDists {
    const rest = new Map([...this.weights].filter(([id]) => id !== this.favouriteId));
    return {
      entrants: this.entrants,
      win: winProbabilities(this.weights),
      withoutFavourite: rest.size > 1 ? winProbabilities(rest) : null,
      favouriteId: this.favouriteId,
    };
  }

  private finalDists(): RaceDists {
    const ranking = this.ranking;
    const winners = this.deadHeat.length > 0 ? this.deadHeat : ranking.slice(0, 1);
    const bestOfRest = ranking.find((id) => id !== this.favouriteId);
    return {
      entrants: this.entrants,
      win: new Map(winners.map((id) => [id, 1 / winners.length])),
      withoutFavourite: new Map(bestOfRest ? [[bestOfRest, 1]] : []),
      favouriteId: this.favouriteId,
    };
  }

  price() {
    return buildMarkets(this.setup.plays, this.dists(), NAMES);
  }

  settle(markets: readonly MarketRef[]) {
    const final = this.finalDists();
    return markets.map((market) => settleMarket(this.setup.plays, final, market, NAMES));
  }

  settleAfterPeriod() {
    return undefined;
  }

  board(): ScoreBoard {
    const period = this.running || this.decided ? 1 : 0;
    const board: ScoreBoard = {
      period,
      periodCode: periodCode(period, this.decided),
      inBreak: false,
      description: this.decided ? 'Finished' : this.running ? 'Running' : 'Not started',
      homeScore: 0,
      awayScore: 0,
      periodScores: [],
    };
    if (this.decided) board.ranking = this.ranking.map(Number);
    if (this.order) {
      const runners = this.order.runners.map((runner) => ({ ...runner }));
      board.runningOrder = { n: this.order.n, runners };
    }
    return board;
  }

  result(): MatchResult {
    const result: MatchResult = { homeScore: 0, awayScore: 0, periodScores: [] };
    if (this.decided) result.ranking = this.ranking.map(Number);
    if (this.decided && this.deadHeat.length > 0) result.deadHeat = this.deadHeat.map(Number);
    return result;
  }
}
