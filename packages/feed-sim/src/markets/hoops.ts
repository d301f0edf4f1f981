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
import { type PlayDef, scopeNumber } from './spec';

/** Basketball: final margin and total include overtime, so a tie never survives. */
export interface HoopsDists {
  margin: Dist;
  total: Dist;
  /** First half (two quarters); null once settled. */
  half: { margin: Dist; total: Dist } | null;
  /** First quarter margin; null once settled. */
  quarter: Dist | null;
  /**
   * Quarters not yet over by number (1 to 4, overtime excluded), their margin and total; when
   * settling, every quarter played.
   */
  quarters: ReadonlyMap<number, { margin: Dist; total: Dist }>;
  /** The second half with overtime, as books settle it. */
  secondHalf: { margin: Dist; total: Dist };
  /** Each side's final points incl. overtime (team totals). */
  home: Dist;
  away: Dist;
}

const BANDS = [
  [1, 5],
  [6, 10],
  [11, 15],
  [16, 20],
  [21, 25],
  [26, Number.POSITIVE_INFINITY],
] as const;

/** Plays of basketball's own block of ids (40 to 45). */
export const HoopsPlayIds = {
  QuarterHandicap: 40,
  QuarterTotal: 41,
  SecondHalfHandicap: 42,
  SecondHalfTotal: 43,
  HomeTotal: 44,
  AwayTotal: 45,
} as const;

const quarterOf = (d: HoopsDists, scope: string) => d.quarters.get(scopeNumber(scope, 'quarternr'));
const quarterScopes = (d: HoopsDists) => [...d.quarters.keys()].map((n) => `quarternr=${n}`);
const quarterNumber = (scope: string) => scopeNumber(scope, 'quarternr');

/**
 * Quarter, second-half and team lines, as members look for them: a quarter's lines leave
 * overtime out, the second half and team totals take it in (as the big books settle them). A
 * quarter and a team total offer their main line; the second half three lines, as the first.
 */
function linePlays(): PlayDef<HoopsDists>[] {
  return [
    {
      playId: HoopsPlayIds.QuarterHandicap,
      name: 'Quarter handicap',
      settleAfterScope: quarterNumber,
      scopes: quarterScopes,
      lineKey: 'hcp',
      lines: (d, scope) => {
        const quarter = quarterOf(d, scope);
        return quarter ? handicapLines(quarter.margin, 'half', 0) : [];
      },
      outcomes: (d, hcp, names, scope) => {
        const quarter = quarterOf(d, scope);
        return quarter ? handicapOutcomes(quarter.margin, hcp, names) : null;
      },
    },
    {
      playId: HoopsPlayIds.QuarterTotal,
      name: 'Quarter total points',
      settleAfterScope: quarterNumber,
      scopes: quarterScopes,
      lineKey: 'total',
      lines: (d, scope) => {
        const quarter = quarterOf(d, scope);
        return quarter ? totalLines(quarter.total, 'half', 0) : [];
      },
      outcomes: (d, total, _, scope) => {
        const quarter = quarterOf(d, scope);
        return quarter ? totalOutcomes(quarter.total, total) : null;
      },
    },
    {
      playId: HoopsPlayIds.SecondHalfHandicap,
      name: '2nd half handicap (incl. overtime)',
      lineKey: 'hcp',
      lines: (d) => handicapLines(d.secondHalf.margin, 'half', 1),
      outcomes: (d, hcp, names) => handicapOutcomes(d.secondHalf.margin, hcp, names),
    },
    {
      playId: HoopsPlayIds.SecondHalfTotal,
      name: '2nd half total points (incl. overtime)',
      lineKey: 'total',
      lines: (d) => totalLines(d.secondHalf.total, 'half', 1),
      outcomes: (d, total) => totalOutcomes(d.secondHalf.total, total),
    },
    {
      playId: HoopsPlayIds.HomeTotal,
      name: 'Home total points (incl. overtime)',
      lineKey: 'total',
      lines: (d) => totalLines(d.home, 'half', 0),
      outcomes: (d, total) => totalOutcomes(d.home, total),
    },
    {
      playId: HoopsPlayIds.AwayTotal,
      name: 'Away total points (incl. overtime)',
      lineKey: 'total',
      lines: (d) => totalLines(d.away, 'half', 0),
      outcomes: (d, total) => totalOutcomes(d.away, total),
    },
  ];
}

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
    ...linePlays(),
  ];
  return only ? plays.filter((play) => only.includes(play.playId)) : plays;
}
