import type { EngineHost, ScoreBoard } from '../engine';
import { SetsPlayIds } from '../markets/sets';
import type { Names } from '../markets/spec';
import type { PeriodScore } from '../messages';
import type { Rest } from '../models/sets';
import { cachedRest, expandSet, quantise } from '../models/sets';
import {
  holdProbability,
  tennisSetFinishes,
  tiebreakProbability,
  tiebreakServerIsFirst,
} from '../models/tennis';
import { PlayLog } from './plays';
import { SetsEngine, type SetsSetup } from './sets';

/** A game's scope in the specifiers: its set and its number in the set. */
function gameScope(setNumber: number, gameNumber: number): string {
  return `setnr=${setNumber}|gamenr=${gameNumber}`;
}

/** Share of the points won on serve that are aces (live data only). */
const ACE_SHARE = 0.12;

interface GamePlayed {
  homeWon: boolean;
  points: number;
  /** Who won each point, in order: true for home. */
  homePoints: boolean[];
  /** Points played before the first break point, if there was one. */
  breakPointAt?: number;
}

export interface TennisSetup extends SetsSetup {
  /** Feed milliseconds per point (with the time between points) and per changeover. */
  pointMs: number;
  changeoverMs: number;
}

/**
 * Tennis, point by point: each player wins a point on serve with a fixed chance. Prices change
 * after every game; a break point stops betting until the game is over.
 */
export class TennisEngine extends SetsEngine {
  /** Whether home serves the next game. */
  private homeServes: boolean;
  /** Points won in the game being played. */
  private readonly gamePoints: PeriodScore = { home: 0, away: 0 };
  private readonly plays = new PlayLog(['aces', 'points_won']);
  /** Games played by scope (`setnr=1|gamenr=5`), 1 when home won: next-game markets' results. */
  private readonly games = new Map<string, number>();

  constructor(
    host: EngineHost,
    private readonly tennis: TennisSetup,
    private readonly serve: { home: number; away: number },
    names: Names,
  ) {
    super(host, tennis, names);
    this.homeServes = host.rng.chance(0.5);
  }

  drift() {
    const move = this.host.rng.normal(0, 0.004);
    this.serve.home += move;
    this.serve.away -= move;
  }

  protected play() {
    const set = this.sets[this.sets.length - 1];
    if (!set) return;
    const game: GamePlayed = set.home === 6 && set.away === 6 ? this.tiebreak() : this.game();
    const ms = this.tennis.pointMs;
    const stopped = game.breakPointAt !== undefined;
    if (game.breakPointAt !== undefined) {
      this.host.at(this.host.now() + game.breakPointAt * ms, () =>
        this.host.betStop('break_point'),
      );
    }
    // Every point but the last is live data of its own; the last one ends the game.
    const servesHome = this.homeServes;
    game.homePoints.forEach((homeWins, i) => {
      const ace = homeWins === servesHome && this.host.playRng.chance(ACE_SHARE);
      const kind = ace ? 'ace' : 'point';
      if (i < game.points - 1)
        this.host.at(this.host.now() + (i + 1) * ms, () => this.point(kind, homeWins));
      else this.lastPoint = kind;
    });
    this.host.at(this.host.now() + game.points * ms, () =>
      this.afterGame(set, game.homeWon, stopped),
    );
  }

  /** How the game's last point was won, recorded with the game. */
  private lastPoint: 'ace' | 'point' = 'point';

  private point(kind: 'ace' | 'point', homeWins: boolean) {
    const side = homeWins ? 'home' : 'away';
    this.gamePoints[side]++;
    this.plays.record(kind, side, 0);
    this.host.play();
  }

  private afterGame(set: PeriodScore, homeWon: boolean, stopped: boolean) {
    this.plays.record(this.lastPoint, homeWon ? 'home' : 'away', 0);
    this.gamePoints.home = 0;
    this.gamePoints.away = 0;
    this.games.set(gameScope(this.sets.length, set.home + set.away + 1), homeWon ? 1 : 0);
    set[homeWon ? 'home' : 'away']++;
    this.homeServes = !this.homeServes;
    const decided = (set.home >= 6 || set.away >= 6) && Math.abs(set.home - set.away) >= 2;
    const over = decided || set.home === 7 || set.away === 7;
    if (over) {
      this.endSet();
    } else {
      const pause = (set.home + set.away) % 2 === 1 ? this.tennis.changeoverMs : 0;
      this.host.at(this.host.now() + pause, () => this.play());
    }
    // A break point's stop ends with the game; the release publishes the new score.
    if (stopped) this.host.release();
    else if (!over) this.host.publish();
    // The game's own market is decided now; a game that ends the match is settled with it.
    if (!this.ended) this.host.settleDecided();
  }

  protected override nextGame() {
    const p = { home: quantise(this.serve.home), away: quantise(this.serve.away) };
    const set = this.currentSet();
    const setNumber = this.inPlay ? this.sets.length : this.sets.length + 1;
    const tiebreak = set.home === 6 && set.away === 6;
    const home = tiebreak
      ? this.homeServes
        ? tiebreakProbability(p.home, p.away)
        : 1 - tiebreakProbability(p.away, p.home)
      : this.homeServes
        ? holdProbability(p.home)
        : 1 - holdProbability(p.away);
    return { scope: gameScope(setNumber, set.home + set.away + 1), home };
  }

  protected override playedGames(): ReadonlyMap<string, number> {
    return this.games;
  }

  override isDecided(playId: number, specifiers: string): boolean {
    if (playId === SetsPlayIds.NextGame) return this.games.has(specifiers);
    return super.isDecided(playId, specifiers);
  }

  /** A game's points; the first break point (receiver one point from the game) is noted. */
  private game(): GamePlayed {
    const p = this.homeServes ? this.serve.home : this.serve.away;
    let server = 0;
    let receiver = 0;
    let breakPointAt: number | undefined;
    const homePoints: boolean[] = [];
    while (!((server >= 4 || receiver >= 4) && Math.abs(server - receiver) >= 2)) {
      if (breakPointAt === undefined && receiver >= 3 && receiver > server)
        breakPointAt = server + receiver;
      const serverWins = this.host.rng.chance(p);
      if (serverWins) server++;
      else receiver++;
      homePoints.push(serverWins === this.homeServes);
    }
    const homeWon = server > receiver === this.homeServes;
    const game: GamePlayed = { homeWon, points: server + receiver, homePoints };
    if (breakPointAt !== undefined) game.breakPointAt = breakPointAt;
    return game;
  }

  private tiebreak(): GamePlayed {
    let home = 0;
    let away = 0;
    const homePoints: boolean[] = [];
    while (!((home >= 7 || away >= 7) && Math.abs(home - away) >= 2)) {
      const firstServing = tiebreakServerIsFirst(home + away);
      const homeServing = firstServing === this.homeServes;
      const homeWins = homeServing
        ? this.host.rng.chance(this.serve.home)
        : !this.host.rng.chance(this.serve.away);
      if (homeWins) home++;
      else away++;
      homePoints.push(homeWins);
    }
    return { homeWon: home > away, points: home + away, homePoints };
  }

  protected current() {
    const set = this.currentSet();
    const homeServes = this.homeServes;
    const played = set.home + set.away;
    const finishes = tennisSetFinishes(
      quantise(this.serve.home),
      quantise(this.serve.away),
      set.home,
      set.away,
      homeServes,
    );
    const next = (h: number, a: number, f: { home: number; away: number }) =>
      this.future(h, a, homeServes !== ((f.home + f.away - played) % 2 === 1));
    return { finishes, next };
  }

  /** The rest of the match from the start of a set: depends only on sets, server, strengths. */
  private future(setsHome: number, setsAway: number, homeServes: boolean): Rest {
    const home = quantise(this.serve.home);
    const away = quantise(this.serve.away);
    const bestOf = this.setup.labels.bestOf;
    const key = `tennis|${home}|${away}|${bestOf}|${setsHome}:${setsAway}|${homeServes}`;
    return cachedRest(key, () => {
      const finishes = tennisSetFinishes(home, away, 0, 0, homeServes);
      return expandSet(setsHome, setsAway, finishes, bestOf, (h, a, f) =>
        this.future(h, a, homeServes !== ((f.home + f.away) % 2 === 1)),
      );
    });
  }

  override board(): ScoreBoard {
    const board = super.board();
    if (this.inPlay) {
      board.server = this.homeServes ? 'home' : 'away';
      board.gamePoints = { ...this.gamePoints };
    }
    return { ...board, ...this.plays.board() };
  }
}
