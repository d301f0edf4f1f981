import {
  at,
  type Dist,
  forEachValue,
  massWhere,
  mixture,
  pointMass,
  probAtLeast,
} from '../models/dist';
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

/** A market on a part of the match that was never played (a third map): every stake back. */
export function voidOutcomes(outcomes: readonly OutcomeSpec[]): OutcomeSpec[] {
  return outcomes.map((outcome) => ({
    ...outcome,
    mass: { win: 0, halfWin: 0, push: 1, halfLose: 0 },
  }));
}

/** Outcomes named by key from a probability table (set scores, race winners). */
export function tableOutcomes(
  keys: readonly { id: string; name: string }[],
  table: ReadonlyMap<string, number>,
): OutcomeSpec[] {
  return keys.map(({ id, name }) => ({ id, name, mass: simpleMass(table.get(id) ?? 0) }));
}

/** Both sides score at least once; the goal model's sides are independent counts. */
export function bothScoreOutcomes(home: Dist, away: Dist): OutcomeSpec[] {
  const both = probAtLeast(home, 1) * probAtLeast(away, 1);
  return [
    { id: 'yes', name: 'Yes', mass: simpleMass(both) },
    { id: 'no', name: 'No', mass: simpleMass(1 - both) },
  ];
}

/** Two results of three each: the chances sum to 2 (see `marketWinners`). */
export function doubleChanceOutcomes(margin: Dist, names: Names): OutcomeSpec[] {
  const home = massWhere(margin, (v) => v > 0);
  const draw = at(margin, 0);
  const away = massWhere(margin, (v) => v < 0);
  return [
    { id: 'home_draw', name: `${names.home} or draw`, mass: simpleMass(home + draw) },
    { id: 'home_away', name: `${names.home} or ${names.away}`, mass: simpleMass(home + away) },
    { id: 'draw_away', name: `Draw or ${names.away}`, mass: simpleMass(draw + away) },
  ];
}

/** The winner with stakes returned on a draw: a handicap of 0 without the line in the name. */
export function drawNoBetOutcomes(margin: Dist, names: Names): OutcomeSpec[] {
  return [
    { id: 'home', name: names.home, mass: lineMass(margin, 0, 1) },
    { id: 'away', name: names.away, mass: lineMass(margin, 0, -1) },
  ];
}

const RESULT_SIDES = ['home', 'draw', 'away'] as const;

function resultIndex(margin: number): number {
  return margin > 0 ? 0 : margin === 0 ? 1 : 2;
}

/**
 * The result at half time and at full time, nine outcomes `home/draw`…: the first half's and
 * the rest of the match's margins are independent in the goal model, so the full-time margin is
 * their sum.
 */
export function halfTimeFullTimeOutcomes(
  firstHalf: Dist,
  secondHalf: Dist,
  names: Names,
): OutcomeSpec[] {
  const grid = new Array<number>(9).fill(0);
  forEachValue(firstHalf, (first, pFirst) => {
    if (pFirst === 0) return;
    const row = 3 * resultIndex(first);
    forEachValue(secondHalf, (second, pSecond) => {
      const cell = row + resultIndex(first + second);
      grid[cell] = (grid[cell] ?? 0) + pFirst * pSecond;
    });
  });
  const nameOf = { home: names.home, draw: 'Draw', away: names.away };
  return RESULT_SIDES.flatMap((half, h) =>
    RESULT_SIDES.map((full, f) => ({
      id: `${half}/${full}`,
      name: `${nameOf[half]}/${nameOf[full]}`,
      mass: simpleMass(grid[3 * h + f] ?? 0),
    })),
  );
}

/**
 * The margin once overtime and the shoot-out are counted, as ice hockey's puck line settles: a
 * level regulation ends one goal to the side that wins after it (`tieHomeShare`).
 */
export function marginAfterOvertime(margin: Dist, tieHomeShare: number): Dist {
  const tie = at(margin, 0);
  const decided = { min: margin.min, p: margin.p.map((p, i) => (margin.min + i === 0 ? 0 : p)) };
  return mixture([
    { weight: 1, dist: decided },
    { weight: tie * tieHomeShare, dist: pointMass(1) },
    { weight: tie * (1 - tieHomeShare), dist: pointMass(-1) },
  ]);
}
