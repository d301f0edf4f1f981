import { tableOutcomes } from './kinds';
import { simpleMass } from './mass';
import type { OutcomeSpec, PlayDef } from './spec';

export interface Entrant {
  id: string;
  name: string;
  /** Saddle or trap number (races). */
  number: number;
}

/**
 * Races and outrights: who wins. In a dead heat the winners share the win mass (0.5 each for
 * two), which settlement turns into a dead-heat factor.
 */
export interface RaceDists {
  entrants: readonly Entrant[];
  win: ReadonlyMap<string, number>;
  /** Winner when the favourite (fixed when the book opened) is left out. */
  withoutFavourite: ReadonlyMap<string, number> | null;
  favouriteId: string | null;
}

function numberMass(d: RaceDists, test: (n: number) => boolean): number {
  return d.entrants.reduce((sum, e) => sum + (test(e.number) ? (d.win.get(e.id) ?? 0) : 0), 0);
}

export function racePlays(): PlayDef<RaceDists>[] {
  return [
    { playId: 3, name: 'Winner', outcomes: (d) => tableOutcomes(d.entrants, d.win) },
    {
      playId: 2,
      name: 'Winning number over/under',
      lineKey: 'total',
      lines: () => [4.5],
      outcomes: (d, line): OutcomeSpec[] => [
        { id: 'over', name: `Over ${line}`, mass: simpleMass(numberMass(d, (n) => n > line)) },
        { id: 'under', name: `Under ${line}`, mass: simpleMass(numberMass(d, (n) => n < line)) },
      ],
    },
    {
      playId: 6,
      name: 'Winning number odd/even',
      outcomes: (d): OutcomeSpec[] => [
        { id: 'odd', name: 'Odd', mass: simpleMass(numberMass(d, (n) => n % 2 === 1)) },
        { id: 'even', name: 'Even', mass: simpleMass(numberMass(d, (n) => n % 2 === 0)) },
      ],
    },
  ];
}

export function outrightPlays(): PlayDef<RaceDists>[] {
  return [
    { playId: 21000, name: 'Outright winner', outcomes: (d) => tableOutcomes(d.entrants, d.win) },
    {
      playId: 21001,
      name: 'Winner without favourite',
      outcomes: (d) =>
        d.withoutFavourite
          ? tableOutcomes(
              d.entrants.filter((e) => e.id !== d.favouriteId),
              d.withoutFavourite,
            )
          : null,
    },
  ];
}
