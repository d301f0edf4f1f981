import { at, type Dist } from '../models/dist';
import {
  handicapOutcomes,
  oddEvenOutcomes,
  tableOutcomes,
  totalOutcomes,
  winnerOutcomes,
} from './kinds';
import { handicapLines, totalLines } from './lines';
import { simpleMass } from './mass';
import type { PlayDef } from './spec';

/** Set sports (tennis, volleyball, table tennis, badminton, esports maps). */
export interface SetsDists {
  /** Final score in sets, '2:1' -> probability. */
  setScores: ReadonlyMap<string, number>;
  /** Total games (tennis), points or rounds over the match, and the home-minus-away margin. */
  units: Dist;
  unitMargin: Dist;
  /** Sets won home minus away, and the number of sets played. */
  setMargin: Dist;
  sets: Dist;
  /** First set's unit margin and total; null once settled. */
  first: { margin: Dist; total: Dist } | null;
}

export interface SetsLabels {
  /** What a period is called: set, game (table tennis, badminton), map. */
  set: string;
  /** What is counted inside it: games, points, rounds. */
  unit: string;
  bestOf: number;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Every final score in sets, home's wins first: 2:0, 2:1, 1:2, 0:2 for best of three. */
export function setScoreKeys(bestOf: number): string[] {
  const need = (bestOf + 1) / 2;
  const keys: string[] = [];
  for (let lost = 0; lost < need; lost++) keys.push(`${need}:${lost}`);
  for (let won = need - 1; won >= 0; won--) keys.push(`${won}:${need}`);
  return keys;
}

function setHandicapLines(bestOf: number): number[] {
  return bestOf >= 5 ? [-2.5, -1.5, 1.5, 2.5] : [-1.5, 1.5];
}

export function setsPlays(labels: SetsLabels): PlayDef<SetsDists>[] {
  const { set, unit, bestOf } = labels;
  const need = (bestOf + 1) / 2;
  const scoreKeys = setScoreKeys(bestOf).map((id) => ({ id, name: id.replace(':', '-') }));
  return [
    { playId: 3, name: 'Winner', outcomes: (d, _, names) => winnerOutcomes(d.setMargin, names) },
    {
      playId: 1,
      name: `${capitalise(unit)} handicap`,
      lineKey: 'hcp',
      lines: (d) => handicapLines(d.unitMargin, 'half', 1),
      outcomes: (d, hcp, names) => handicapOutcomes(d.unitMargin, hcp, names),
    },
    {
      playId: 2,
      name: `Total ${unit}`,
      lineKey: 'total',
      lines: (d) => totalLines(d.units, 'half', 1),
      outcomes: (d, total) => totalOutcomes(d.units, total),
    },
    {
      playId: 4,
      name: `1st ${set} ${unit} handicap`,
      settleAfterPeriod: 1,
      lineKey: 'hcp',
      lines: (d) => (d.first ? handicapLines(d.first.margin, 'half', 1) : []),
      outcomes: (d, hcp, names) => (d.first ? handicapOutcomes(d.first.margin, hcp, names) : null),
    },
    {
      playId: 5,
      name: `1st ${set} total ${unit}`,
      settleAfterPeriod: 1,
      lineKey: 'total',
      lines: (d) => (d.first ? totalLines(d.first.total, 'half', 1) : []),
      outcomes: (d, total) => (d.first ? totalOutcomes(d.first.total, total) : null),
    },
    { playId: 6, name: `Odd/even ${unit}`, outcomes: (d) => oddEvenOutcomes(d.units) },
    { playId: 8, name: 'Correct score', outcomes: (d) => tableOutcomes(scoreKeys, d.setScores) },
    {
      playId: 9,
      name: `Number of ${set}s`,
      outcomes: (d) =>
        Array.from({ length: need }, (_, i) => need + i).map((count) => ({
          id: String(count),
          name: `${count} ${set}s`,
          mass: simpleMass(at(d.sets, count)),
        })),
    },
    {
      playId: 11,
      name: `1st ${set} winner`,
      settleAfterPeriod: 1,
      outcomes: (d, _, names) => (d.first ? winnerOutcomes(d.first.margin, names) : null),
    },
    {
      playId: 16,
      name: `${capitalise(set)} handicap`,
      lineKey: 'hcp',
      lines: () => setHandicapLines(bestOf),
      outcomes: (d, hcp, names) => handicapOutcomes(d.setMargin, hcp, names),
    },
  ];
}
