import { type EngineHost, periodCode, type ScoreBoard, type SportEngine } from '../engine';
import type { Entrant, RaceDists } from '../markets/race';
import { buildMarkets, type PlayDef, settleMarket } from '../markets/spec';
import type { MarketRef, MatchResult } from '../messages';
import { sampleRanking, winProbabilities } from '../models/plackett-luce';

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

/** Virtual races and outright winners: strengths, Plackett-Luce chances, a sampled finish. */
export class RaceEngine implements SportEngine {
  private readonly favouriteId: string | null;
  private ranking: string[] | null = null;
  private deadHeat: string[] = [];
  private running = false;

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
    if (this.setup.durationMs <= 0) {
      this.decide();
      return;
    }
    this.running = true;
    this.host.publish();
    this.host.at(this.host.now() + this.setup.durationMs, () => this.decide());
  }

  private decide() {
    this.running = false;
    this.ranking = sampleRanking(this.weights, this.host.rng);
    if (this.host.rng.chance(this.setup.deadHeatChance)) this.deadHeat = this.ranking.slice(0, 2);
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
    const ranking = this.ranking ?? [];
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
    const period = this.running || this.ranking ? 1 : 0;
    const board: ScoreBoard = {
      period,
      periodCode: periodCode(period, this.ranking !== null),
      inBreak: false,
      description: this.ranking ? 'Finished' : this.running ? 'Running' : 'Not started',
      homeScore: 0,
      awayScore: 0,
      periodScores: [],
    };
    if (this.ranking) board.ranking = this.ranking.map(Number);
    return board;
  }

  result(): MatchResult {
    const result: MatchResult = { homeScore: 0, awayScore: 0, periodScores: [] };
    if (this.ranking) result.ranking = this.ranking.map(Number);
    if (this.deadHeat.length > 0) result.deadHeat = this.deadHeat.map(Number);
    return result;
  }
}
