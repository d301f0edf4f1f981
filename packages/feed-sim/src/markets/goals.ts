import { convolve, type Dist, difference, massWhere } from '../models/dist';
import {
  bothScoreOutcomes,
  correctScoreOutcomes,
  doubleChanceOutcomes,
  drawNoBetOutcomes,
  exactOutcomes,
  halfTimeFullTimeOutcomes,
  handicapOutcomes,
  marginAfterOvertime,
  marginBandOutcomes,
  oddEvenOutcomes,
  threeWayOutcomes,
  totalOutcomes,
  winnerOutcomes,
} from './kinds';
import { handicapLines, totalLines } from './lines';
import { simpleMass } from './mass';
import type { Names, OutcomeSpec, PlayDef } from './spec';

/** Final counts of one scope (full time, first half, corners) for both sides. */
export interface GoalView {
  home: Dist;
  away: Dist;
  margin: Dist;
  total: Dist;
}

export function goalView(home: Dist, away: Dist): GoalView {
  return { home, away, margin: difference(home, away), total: convolve(home, away) };
}

/** Football and ice hockey: goals are independent Poisson counts per side. */
export interface GoalDists {
  /** Regulation time. */
  full: GoalView;
  /** First half or period; null once it is over (its markets are settled then). */
  first: GoalView | null;
  corners: GoalView | null;
  /** Chance the home side wins overtime and shoot-out if regulation ends level. */
  tieHomeShare: number;
  /** Margins of the first half and of the rest of regulation (half-time/full-time). */
  halves: { first: Dist; rest: Dist };
  /** Who scored each regulation goal so far, in order. */
  goalOrder: readonly ('home' | 'away')[];
  /**
   * Goals each side is still expected to score while the match is in play; null before it (the
   * next goal is an in-play market) or, when settling, while it is still being played.
   */
  toCome: { home: number; away: number } | null;
  /** Football's cards shown (a yellow or a red counts one), at the end of the match. */
  cards: Dist | null;
}

export interface GoalPlayOptions {
  hockey: boolean;
  /** Restrict to these plays (virtual football offers fewer). */
  only?: readonly number[];
}

/** Correct score lists every score up to `correctScore` a side; exact goals counts to `exactGoals`+. */
export const GOAL_TOPS = {
  football: { correctScore: 4, exactGoals: 6 },
  hockey: { correctScore: 5, exactGoals: 9 },
} as const;

const MARGIN_BANDS = [
  [1, 1],
  [2, 2],
  [3, Number.POSITIVE_INFINITY],
] as const;

function firstScope(
  playId: number,
  name: string,
  build: (view: GoalView, line: number, names: Names) => OutcomeSpec[],
): Pick<PlayDef<GoalDists>, 'playId' | 'name' | 'settleAfterPeriod' | 'outcomes'> {
  return {
    playId,
    name,
    settleAfterPeriod: 1,
    outcomes: (d, line, names) => (d.first ? build(d.first, line, names) : null),
  };
}

export function goalPlays(options: GoalPlayOptions): PlayDef<GoalDists>[] {
  const first = options.hockey ? '1st period' : '1st half';
  const tops = options.hockey ? GOAL_TOPS.hockey : GOAL_TOPS.football;
  const plays: PlayDef<GoalDists>[] = [
    {
      playId: 1,
      name: 'Asian handicap',
      lineKey: 'hcp',
      lines: (d) => handicapLines(d.full.margin, 'quarter', 2),
      outcomes: (d, hcp, names) => handicapOutcomes(d.full.margin, hcp, names),
    },
    {
      playId: 2,
      name: 'Asian over/under',
      lineKey: 'total',
      lines: (d) => totalLines(d.full.total, 'quarter', 2),
      outcomes: (d, total) => totalOutcomes(d.full.total, total),
    },
    { playId: 3, name: '1X2', outcomes: (d, _, names) => threeWayOutcomes(d.full.margin, names) },
    {
      ...firstScope(4, `${first} Asian handicap`, (v, hcp, names) =>
        handicapOutcomes(v.margin, hcp, names),
      ),
      lineKey: 'hcp',
      lines: (d) => (d.first ? handicapLines(d.first.margin, 'quarter', 1) : []),
    },
    {
      ...firstScope(5, `${first} over/under`, (v, total) => totalOutcomes(v.total, total)),
      lineKey: 'total',
      lines: (d) => (d.first ? totalLines(d.first.total, 'quarter', 1) : []),
    },
    { playId: 6, name: 'Odd/even', outcomes: (d) => oddEvenOutcomes(d.full.total) },
    options.hockey
      ? {
          playId: 7,
          name: 'Winner (incl. overtime and penalties)',
          outcomes: (d, _, names) => winnerOutcomes(d.full.margin, names, d.tieHomeShare),
        }
      : {
          playId: 7,
          name: 'Total corners',
          lineKey: 'total',
          lines: (d) => (d.corners ? totalLines(d.corners.total, 'half', 1) : []),
          outcomes: (d, total) => (d.corners ? totalOutcomes(d.corners.total, total) : null),
        },
    {
      playId: 8,
      name: 'Correct score',
      outcomes: (d) => correctScoreOutcomes(d.full.home, d.full.away, tops.correctScore),
    },
    {
      playId: 9,
      name: 'Exact goals',
      outcomes: (d) => exactOutcomes(d.full.total, tops.exactGoals, 'goals'),
    },
    {
      playId: 10,
      name: 'Winning margin',
      outcomes: (d, _, names) => marginBandOutcomes(d.full.margin, MARGIN_BANDS, names, true),
    },
    firstScope(11, `${first} 1X2`, (v, _, names) => threeWayOutcomes(v.margin, names)),
    {
      playId: 16,
      name: 'Handicap',
      lineKey: 'hcp',
      lines: (d) => handicapLines(d.full.margin, 'half', 1),
      outcomes: (d, hcp, names) => handicapOutcomes(d.full.margin, hcp, names),
    },
    {
      playId: 18,
      name: 'Total goals',
      lineKey: 'total',
      lines: (d) => totalLines(d.full.total, 'half', 1),
      outcomes: (d, total) => totalOutcomes(d.full.total, total),
    },
  ];
  plays.push(...(options.hockey ? hockeyExtraPlays() : footballExtraPlays()));
  const only = options.only;
  return only ? plays.filter((play) => only.includes(play.playId)) : plays;
}

/**
 * Football plays 20-29: what members look for beyond the Asian lines, all from the same goal
 * model (and cards from the live data's, see the engine).
 */
function footballExtraPlays(): PlayDef<GoalDists>[] {
  return [
    {
      playId: 20,
      name: 'Both teams to score',
      outcomes: (d) => bothScoreOutcomes(d.full.home, d.full.away),
    },
    {
      playId: 21,
      name: 'Double chance',
      outcomes: (d, _, names) => doubleChanceOutcomes(d.full.margin, names),
    },
    {
      playId: 22,
      name: 'Draw no bet',
      outcomes: (d, _, names) => drawNoBetOutcomes(d.full.margin, names),
    },
    {
      playId: 23,
      name: 'Home total',
      lineKey: 'total',
      lines: (d) => totalLines(d.full.home, 'half', 1),
      outcomes: (d, total) => totalOutcomes(d.full.home, total),
    },
    {
      playId: 24,
      name: 'Away total',
      lineKey: 'total',
      lines: (d) => totalLines(d.full.away, 'half', 1),
      outcomes: (d, total) => totalOutcomes(d.full.away, total),
    },
    {
      playId: 25,
      name: 'Half-time/full-time',
      outcomes: (d, _, names) => halfTimeFullTimeOutcomes(d.halves.first, d.halves.rest, names),
    },
    {
      playId: 26,
      name: 'Next goal',
      lineKey: 'goalnr',
      lines: (d) => (d.toCome ? [d.goalOrder.length + 1] : []),
      outcomes: nextGoalOutcomes,
    },
    {
      playId: 27,
      name: 'Total cards',
      lineKey: 'total',
      lines: (d) => (d.cards ? totalLines(d.cards, 'half', 1) : []),
      outcomes: (d, total) => (d.cards ? totalOutcomes(d.cards, total) : null),
    },
  ];
}

/**
 * Goal `goal` of the match: by whom, or none. Settled as soon as it is scored (or, for the one
 * never scored, at the end); priced only for the next one.
 */
function nextGoalOutcomes(d: GoalDists, goal: number, names: Names): OutcomeSpec[] | null {
  const scorer = d.goalOrder[goal - 1];
  let home = scorer === 'home' ? 1 : 0;
  let away = scorer === 'away' ? 1 : 0;
  if (!scorer) {
    if (!d.toCome) return null;
    const rate = d.toCome.home + d.toCome.away;
    if (goal > d.goalOrder.length + 1 && rate > 0) return null;
    const some = goal === d.goalOrder.length + 1 && rate > 0 ? 1 - Math.exp(-rate) : 0;
    home = rate > 0 ? (some * d.toCome.home) / rate : 0;
    away = rate > 0 ? (some * d.toCome.away) / rate : 0;
  }
  return [
    { id: 'home', name: names.home, mass: simpleMass(home) },
    { id: 'none', name: 'No goal', mass: simpleMass(Math.max(0, 1 - home - away)) },
    { id: 'away', name: names.away, mass: simpleMass(away) },
  ];
}

/**
 * Ice hockey play 30, the puck line: the favourite gives a goal and a half on the final score
 * including overtime and the shoot-out, as North American books settle it (the shoot-out winner
 * is credited one goal). Regulation 1X2 is play 3 already.
 */
function hockeyExtraPlays(): PlayDef<GoalDists>[] {
  return [
    {
      playId: 30,
      name: 'Puck line',
      lineKey: 'hcp',
      lines: (d) => {
        const margin = marginAfterOvertime(d.full.margin, d.tieHomeShare);
        return [massWhere(margin, (v) => v > 0) >= 0.5 ? -1.5 : 1.5];
      },
      outcomes: (d, hcp, names) =>
        handicapOutcomes(marginAfterOvertime(d.full.margin, d.tieHomeShare), hcp, names),
    },
  ];
}
