import type { Dist } from '../models/dist';
import {
  handicapOutcomes,
  marginBandOutcomes,
  oddEvenOutcomes,
  threeWayOutcomes,
  totalOutcomes,
  winnerOutcomes,
} from './kinds';
import { handicapLines, totalLines } from './lines';
import type { PlayDef } from './spec';

/** Basketball: final margin and total include overtime, so a tie never survives. */
export interface HoopsDists {
  margin: Dist;
  total: Dist;
  /** First half (two quarters); null once settled. */
  half: { margin: Dist; total: Dist } | null;
  /** First quarter margin; null once settled. */
  quarter: Dist | null;
}

const BANDS = [
  [1, 5],
  [6, 10],
  [11, 15],
  [16, 20],
  [21, 25],
  [26, Number.POSITIVE_INFINITY],
] as const;

export function hoopsPlays(only?: readonly number[]): PlayDef<HoopsDists>[] {
  const plays: PlayDef<HoopsDists>[] = [
    {
      playId: 1,
      name: 'Handicap (incl. overtime)',
      lineKey: 'hcp',
      lines: (d) => handicapLines(d.margin, 'half', 2),
      outcomes: (d, hcp, names) => handicapOutcomes(d.margin, hcp, names),
    },
    {
      playId: 2,
      name: 'Total points (incl. overtime)',
      lineKey: 'total',
      lines: (d) => totalLines(d.total, 'half', 2),
      outcomes: (d, total) => totalOutcomes(d.total, total),
    },
    {
      playId: 3,
      name: 'Winner (incl. overtime)',
      outcomes: (d, _, names) => winnerOutcomes(d.margin, names),
    },
    {
      playId: 4,
      name: '1st half handicap',
      settleAfterPeriod: 2,
      lineKey: 'hcp',
      lines: (d) => (d.half ? handicapLines(d.half.margin, 'half', 1) : []),
      outcomes: (d, hcp, names) => (d.half ? handicapOutcomes(d.half.margin, hcp, names) : null),
    },
    {
      playId: 5,
      name: '1st half total points',
      settleAfterPeriod: 2,
      lineKey: 'total',
      lines: (d) => (d.half ? totalLines(d.half.total, 'half', 1) : []),
      outcomes: (d, total) => (d.half ? totalOutcomes(d.half.total, total) : null),
    },
    { playId: 6, name: 'Odd/even (incl. overtime)', outcomes: (d) => oddEvenOutcomes(d.total) },
    {
      playId: 7,
      name: '1st quarter 1X2',
      settleAfterPeriod: 1,
      outcomes: (d, _, names) => (d.quarter ? threeWayOutcomes(d.quarter, names) : null),
    },
    {
      playId: 10,
      name: 'Winning margin (incl. overtime)',
      outcomes: (d, _, names) => marginBandOutcomes(d.margin, BANDS, names, false),
    },
    {
      playId: 11,
      name: '1st half 1X2',
      settleAfterPeriod: 2,
      outcomes: (d, _, names) => (d.half ? threeWayOutcomes(d.half.margin, names) : null),
    },
  ];
  return only ? plays.filter((play) => only.includes(play.playId)) : plays;
}
