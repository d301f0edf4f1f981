import { at, type Dist, forEachValue, massWhere } from '../models/dist';
import { lineMass, simpleMass } from './mass';
import { type Names, type OutcomeSpec, signedLine } from './spec';

/** Home and away with a handicap on the home side (hcp = -0.5 means home gives half a goal). */
export function handicapOutcomes(margin: Dist, hcp: number, names: Names): OutcomeSpec[] {
  return [
    { id: 'home', name: `${names.home} ${signedLine(hcp)}`, mass: lineMass(margin, hcp, 1) },
    { id: 'away', name: `${names.away} ${signedLine(-hcp)}`, mass: lineMass(margin, -hcp, -1) },
  ];
}

export function totalOutcomes(total: Dist, line: number): OutcomeSpec[] {
  return [
    { id: 'over', name: `Over ${line}`, mass: lineMass(total, -line, 1) },
    { id: 'under', name: `Under ${line}`, mass: lineMass(total, line, -1) },
  ];
}

export function threeWayOutcomes(margin: Dist, names: Names): OutcomeSpec[] {
  return [
    { id: 'home', name: names.home, mass: simpleMass(massWhere(margin, (v) => v > 0)) },
    { id: 'draw', name: 'Draw', mass: simpleMass(at(margin, 0)) },
    { id: 'away', name: names.away, mass: simpleMass(massWhere(margin, (v) => v < 0)) },
  ];
}

/** Two-way winner where a tie is decided later (overtime, shoot-out) with this home share. */
export function winnerOutcomes(margin: Dist, names: Names, tieHomeShare = 0.5): OutcomeSpec[] {
  const tie = at(margin, 0);
  const home = massWhere(margin, (v) => v > 0) + tie * tieHomeShare;
  const away = massWhere(margin, (v) => v < 0) + tie * (1 - tieHomeShare);
  return [
    { id: 'home', name: names.home, mass: simpleMass(home) },
    { id: 'away', name: names.away, mass: simpleMass(away) },
  ];
}

export function oddEvenOutcomes(total: Dist): OutcomeSpec[] {
  const odd = massWhere(total, (v) => Math.abs(v) % 2 === 1);
  return [
    { id: 'odd', name: 'Odd', mass: simpleMass(odd) },
    { id: 'even', name: 'Even', mass: simpleMass(1 - odd) },
  ];
}

/** 0, 1, ..., top - 1 and "top+". */
export function exactOutcomes(total: Dist, top: number, unit: string): OutcomeSpec[] {
  const outcomes: OutcomeSpec[] = [];
  for (let n = 0; n < top; n++) {
    outcomes.push({ id: String(n), name: `${n} ${unit}`, mass: simpleMass(at(total, n)) });
  }
  const rest = massWhere(total, (v) => v >= top);
  outcomes.push({ id: `${top}+`, name: `${top}+ ${unit}`, mass: simpleMass(rest) });
  return outcomes;
}

/** Bands of the winning margin per side, [from, to] with to = Infinity for the open band. */
export function marginBandOutcomes(
  margin: Dist,
  bands: readonly (readonly [number, number])[],
  names: Names,
  withDraw: boolean,
): OutcomeSpec[] {
  const label = (from: number, to: number) =>
    to === Number.POSITIVE_INFINITY ? `${from}+` : from === to ? `${from}` : `${from}-${to}`;
  const side = (id: 'home' | 'away', name: string, sign: 1 | -1) =>
    bands.map(([from, to]) => ({
      id: `${id}_${label(from, to)}`,
      name: `${name} by ${label(from, to)}`,
      mass: simpleMass(massWhere(margin, (v) => sign * v >= from && sign * v <= to)),
    }));
  const draw = withDraw ? [{ id: 'draw', name: 'Draw', mass: simpleMass(at(margin, 0)) }] : [];
  return [...side('home', names.home, 1), ...draw, ...side('away', names.away, -1)];
}

/** Correct score over independent home and away counts, with "other" for anything beyond top. */
export function correctScoreOutcomes(home: Dist, away: Dist, top: number): OutcomeSpec[] {
  const grid = new Map<string, number>();
  let other = 0;
  forEachValue(home, (h, ph) => {
    forEachValue(away, (a, pa) => {
      if (h <= top && a <= top) grid.set(`${h}:${a}`, (grid.get(`${h}:${a}`) ?? 0) + ph * pa);
      else other += ph * pa;
    });
  });
  const outcomes: OutcomeSpec[] = [];
  for (let h = 0; h <= top; h++) {
    for (let a = 0; a <= top; a++) {
      const id = `${h}:${a}`;
      outcomes.push({ id, name: `${h}-${a}`, mass: simpleMass(grid.get(id) ?? 0) });
    }
  }
  outcomes.push({ id: 'other', name: 'Any other score', mass: simpleMass(other) });
  return outcomes;
}

/** Outcomes named by key from a probability table (set scores, race winners). */
export function tableOutcomes(
  keys: readonly { id: string; name: string }[],
  table: ReadonlyMap<string, number>,
): OutcomeSpec[] {
  return keys.map(({ id, name }) => ({ id, name, mass: simpleMass(table.get(id) ?? 0) }));
}
