import type { EngineHost, ScoreBoard } from '../engine';
import type { Names } from '../markets/spec';
import type { StatKey } from '../messages';
import { isSetOver, type RallyRule, rallySetFinishes } from '../models/rally';
import {
  cachedRest,
  expandSet,
  quantise,
  type Rest,
  type SetFinish,
  setsToWin,
} from '../models/sets';
import { PlayLog } from './plays';
import { SetsEngine, type SetsSetup } from './sets';

type Side = 'home' | 'away';

/** Who serves in a rally sport, and how often the serve alone decides the point. */
export interface ServeRules {
  /** The winner of the last rally (volleyball, badminton), or two serves each and one each from
   * deuce (table tennis). */
  next: 'winner' | 'two_each';
  /** Who serves first in a later set: the side that did not in the set before, or its winner. */
  opening: 'alternate' | 'set_winner';
  /** Shares of the points won on serve told as aces, and of those lost on serve as errors. */
  aceShare: number;
  errorShare: number;
}

/** How a rally sport's live data reads: plays only, they change no rally's outcome. */
export interface RallyLive {
  /** Null for esports: a round has no server. */
  serve: ServeRules | null;
  /** Timeouts each side may call, per set (map) or per match; none when absent. */
  timeouts?: { count: number; per: 'set' | 'match' };
  /** Esports: the rounds of a map played with pistols (the first of each half). */
  pistolRounds?: readonly number[];
}

export interface RallySetup extends SetsSetup {
  rule: RallyRule;
  /** The deciding set's rule when it differs (volleyball's fifth set to 15). */
  decidingRule?: RallyRule;
  /** Feed milliseconds per rally, and rallies played between two publications. */
  rallyMs: number;
  chunk: number;
  live: RallyLive;
}

const servedStats: StatKey[] = [
  'points_won',
  'serve_points',
  'aces',
  'service_errors',
  'longest_run',
];
const roundStats: StatKey[] = ['rounds_won', 'pistol_rounds', 'longest_run'];

/** How a rally set from 0-0 can finish, by strength and rule: shared, as the trees are. */
const FRESH_SETS = new Map<string, SetFinish[]>();

function freshRallySet(p: number, rule: RallyRule): SetFinish[] {
  const key = `${p}|${rule.target}|${rule.cap}`;
  let finishes = FRESH_SETS.get(key);
  if (!finishes) {
    finishes = rallySetFinishes(p, 0, 0, rule);
    if (FRESH_SETS.size >= 2_000) FRESH_SETS.clear();
    FRESH_SETS.set(key, finishes);
  }
  return finishes;
}

/** A side that has just lost this many rallies in a row may call a timeout. */
const TIMEOUT_RUN = 3;
const TIMEOUT_CHANCE = 0.4;

const other = (side: Side): Side => (side === 'home' ? 'away' : 'home');

/**
 * Volleyball, table tennis, badminton and esports maps (rounds as rallies): every rally is won
 * by home with a fixed chance. The score is priced and published every few rallies; each rally
 * is live data of its own (a play with the set's points and who serves next).
 */
export class RallyEngine extends SetsEngine {
  private readonly plays: PlayLog;
  /** Points of the set in play as its rallies are told (`set` is the set they belong to). */
  private readonly shown = { set: 0, home: 0, away: 0 };
  /** Who serves first in the first set, and in the set in play. */
  private readonly firstOpeningHome: boolean;
  private openingHome = false;
  private homeServes = false;
  private run: { side: Side; length: number } = { side: 'home', length: 0 };
  private readonly timeoutsLeft = { home: 0, away: 0 };

  constructor(
    host: EngineHost,
    private readonly rally: RallySetup,
    private p: number,
    names: Names,
  ) {
    super(host, rally, names);
    this.plays = new PlayLog(rally.live.serve ? servedStats : roundStats);
    this.firstOpeningHome = host.playRng.chance(0.5);
  }

  drift() {
    this.p = Math.min(0.8, Math.max(0.2, this.p + this.host.rng.normal(0, 0.003)));
  }

  private ruleFor(setNumber: number): RallyRule {
    const deciding = setNumber === this.setup.labels.bestOf;
    return deciding && this.rally.decidingRule ? this.rally.decidingRule : this.rally.rule;
  }

  protected play() {
    const set = this.sets[this.sets.length - 1];
    if (!set) return;
    const rule = this.ruleFor(this.sets.length);
    let { home, away } = set;
    const winners: boolean[] = [];
    while (winners.length < this.rally.chunk && !isSetOver(home, away, rule)) {
      const homeWins = this.host.rng.chance(this.p);
      if (homeWins) home++;
      else away++;
      winners.push(homeWins);
    }
    const start = this.host.now();
    const ms = this.rally.rallyMs;
    // The rallies are drawn a few at a time but counted one by one, each with the prices it
    // makes (the play reprices when the score moves); the last schedules the next few.
    winners.forEach((homeWins, i) => {
      this.host.at(start + (i + 1) * ms, () => {
        this.rallyWon(homeWins, rule);
        set[homeWins ? 'home' : 'away']++;
        if (i < winners.length - 1) {
          this.host.play();
          return;
        }
        if (isSetOver(set.home, set.away, rule)) {
          this.endSet();
          return;
        }
        this.host.publish();
        this.play();
      });
    });
  }

  /** Starts the told points, the server and the timeouts afresh when a new set is in play. */
  private liveSet() {
    const number = this.sets.length;
    if (this.shown.set === number) return;
    this.shown.set = number;
    this.shown.home = 0;
    this.shown.away = 0;
    this.run = { side: 'home', length: 0 };
    const previous = this.sets[number - 2];
    this.openingHome =
      previous && this.rally.live.serve?.opening === 'set_winner'
        ? previous.home > previous.away
        : this.firstOpeningHome === (number % 2 === 1);
    this.homeServes = this.openingHome;
    const { timeouts } = this.rally.live;
    if (timeouts && (timeouts.per === 'set' || number === 1)) {
      this.timeoutsLeft.home = timeouts.count;
      this.timeoutsLeft.away = timeouts.count;
    }
  }

  /** Live data of one rally: how it was won, then set or match point, then maybe a timeout. */
  private rallyWon(homeWins: boolean, rule: RallyRule) {
    this.liveSet();
    const { live } = this.rally;
    const rng = this.host.playRng;
    const winner: Side = homeWins ? 'home' : 'away';
    const server: Side = this.homeServes ? 'home' : 'away';
    this.shown[winner]++;
    this.run =
      this.run.side === winner
        ? { side: winner, length: this.run.length + 1 }
        : { side: winner, length: 1 };
    this.plays.atLeast('longest_run', winner, this.run.length);
    const { serve } = live;
    if (!serve) {
      const round = this.shown.home + this.shown.away;
      this.plays.record(
        live.pistolRounds?.includes(round) ? 'pistol_round' : 'round_won',
        winner,
        0,
      );
    } else if (server === winner) {
      this.plays.add('serve_points', winner);
      this.plays.record(rng.chance(serve.aceShare) ? 'ace' : 'point', winner, 0);
    } else if (rng.chance(serve.errorShare)) {
      this.plays.record('service_error', server, 0);
      this.plays.add('points_won', winner);
    } else {
      this.plays.record('point', winner, 0);
    }
    this.homeServes = this.nextServerIsHome(homeWins, rule);

    if (isSetOver(this.shown.home, this.shown.away, rule)) return;
    const oneMore = { home: this.shown.home, away: this.shown.away };
    oneMore[winner]++;
    if (isSetOver(oneMore.home, oneMore.away, rule)) {
      const decides = this.won[winner] + 1 === setsToWin(this.setup.labels.bestOf);
      this.plays.record(decides ? 'match_point' : 'set_point', winner, 0);
    }
    const loser = other(winner);
    if (
      this.run.length >= TIMEOUT_RUN &&
      this.timeoutsLeft[loser] > 0 &&
      rng.chance(TIMEOUT_CHANCE)
    ) {
      this.timeoutsLeft[loser]--;
      // Called before the next rally, which is due a whole rally later.
      this.host.at(this.host.now() + this.rally.rallyMs / 2, () => {
        this.plays.record('timeout', loser, 0);
        this.host.play();
      });
    }
  }

  private nextServerIsHome(homeWon: boolean, rule: RallyRule): boolean {
    if (this.rally.live.serve?.next === 'winner') return homeWon;
    // Table tennis: the serve changes every two points, and every point from deuce.
    const played = this.shown.home + this.shown.away;
    const changes = played >= 2 * (rule.target - 1) ? played : Math.floor(played / 2);
    return changes % 2 === 0 ? this.openingHome : !this.openingHome;
  }

  protected current() {
    const set = this.currentSet();
    const number = this.inPlay ? this.sets.length : this.sets.length + 1;
    const finishes = rallySetFinishes(quantise(this.p), set.home, set.away, this.ruleFor(number));
    return { finishes, next: (h: number, a: number) => this.future(h, a) };
  }

  protected override freshSet(number: number) {
    return freshRallySet(quantise(this.p), this.ruleFor(number));
  }

  /** The rest of the match from the start of a set: depends only on sets won and strength. */
  private future(setsHome: number, setsAway: number): Rest {
    const p = quantise(this.p);
    const { rule, decidingRule } = this.rally;
    const rules = `${rule.target}/${rule.cap}/${decidingRule?.target}/${this.setup.labels.bestOf}`;
    return cachedRest(`rally|${p}|${rules}|${setsHome}:${setsAway}`, () => {
      const finishes = rallySetFinishes(p, 0, 0, this.ruleFor(setsHome + setsAway + 1));
      return expandSet(setsHome, setsAway, finishes, this.setup.labels.bestOf, (h, a) =>
        this.future(h, a),
      );
    });
  }

  /**
   * The set in play shows the points told so far (prices follow every few rallies); with them
   * come who serves and the live data.
   */
  override board(): ScoreBoard {
    const board = super.board();
    if (this.inPlay) {
      this.liveSet();
      const points = { home: this.shown.home, away: this.shown.away };
      board.periodScores[board.periodScores.length - 1] = points;
      board.gamePoints = { ...points };
      if (this.rally.live.serve) board.server = this.homeServes ? 'home' : 'away';
    }
    return { ...board, ...this.plays.board() };
  }
}
