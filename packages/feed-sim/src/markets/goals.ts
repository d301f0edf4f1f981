import { convolve, type Dist, difference } from '../models/dist';
import {
  correctScoreOutcomes,
  exactOutcomes,
  handicapOutcomes,
  marginBandOutcomes,
  oddEvenOutcomes,
  threeWayOutcomes,
  totalOutcomes,
  winnerOutcomes,
} from './kinds';
import { handicapLines, totalLines } from './lines';
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
}

export interface GoalPlayOptions {
  hockey: boolean;
  /** Restrict to these plays (virtual football offers fewer). */
  only?: readonly number[];
}

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
      outcomes: (d) => correctScoreOutcomes(d.full.home, d.full.away, options.hockey ? 5 : 4),
    },
    {
      playId: 9,
      name: 'Exact goals',
      outcomes: (d) => exactOutcomes(d.full.total, options.hockey ? 9 : 6, 'goals'),
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
  const only = options.only;
  return only ? plays.filter((play) => only.includes(play.playId)) : plays;
}
