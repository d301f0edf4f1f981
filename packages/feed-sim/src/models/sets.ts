import { convolve, type Dist, mixture, pointMass } from './dist';

/** One way a set can finish: games, points or rounds per side, with its probability. */
export interface SetFinish {
  home: number;
  away: number;
  p: number;
}

/** What is left of a match from some point: final set score, units still to be played. */
export interface Rest {
  scores: Map<string, number>;
  units: Dist;
  margin: Dist;
}

/** How the rest of a match goes once a set finishes: sets won so far and how it finished. */
export type Continuation = (setsHome: number, setsAway: number, finish: SetFinish) => Rest;

export function setsToWin(bestOf: number): number {
  return (bestOf + 1) / 2;
}

/** A point mass at 0, shifted by offsets to place probability on single values. */
const ONE = pointMass(0);
const FINISHED: Rest = { scores: new Map(), units: pointMass(0), margin: pointMass(0) };

interface Group {
  rest: Rest;
  weight: number;
  /** Probability of each unit count and margin of this set, indexed from an offset. */
  units: number[];
  margins: number[];
}

/** Set scores stay well below this many units (deuce tails are cut long before). */
const SPAN = 256;

function fromCells(cells: readonly number[], offset: number): Dist {
  let lo = 0;
  let hi = cells.length - 1;
  while (lo < hi && !cells[lo]) lo++;
  while (hi > lo && !cells[hi]) hi--;
  const p = new Array<number>(hi - lo + 1);
  for (let i = lo; i <= hi; i++) p[i - lo] = cells[i] ?? 0;
  return { min: lo - offset, p };
}

/**
 * The rest of a match from inside a set: each finish of this set either ends the match or hands
 * over to the continuation. Units of this set (already played ones included) are added on.
 * Finishes that lead to the same continuation are grouped first, so each later-sets
 * distribution is convolved once instead of being shifted once per finish.
 */
export function expandSet(
  setsHome: number,
  setsAway: number,
  finishes: readonly SetFinish[],
  bestOf: number,
  next: Continuation,
): Rest {
  const need = setsToWin(bestOf);
  const scores = new Map<string, number>();
  const groups: Group[] = [];
  // Continuations depend on the sets score and (tennis) on who serves next, i.e. on parity.
  const bySlot: (Group | undefined)[] = [];
  for (const finish of finishes) {
    if (finish.p < 1e-12) continue;
    const homeWon = finish.home > finish.away;
    const h = setsHome + (homeWon ? 1 : 0);
    const a = setsAway + (homeWon ? 0 : 1);
    const over = h === need || a === need;
    if (over) scores.set(`${h}:${a}`, (scores.get(`${h}:${a}`) ?? 0) + finish.p);
    const slot = (h * 16 + a) * 2 + ((finish.home + finish.away) % 2);
    let group = bySlot[slot];
    if (!group) {
      const rest = over ? FINISHED : next(h, a, finish);
      group = groups.find((g) => g.rest === rest);
      if (!group) {
        group = {
          rest,
          weight: 0,
          units: new Array(SPAN).fill(0),
          margins: new Array(2 * SPAN).fill(0),
        };
        groups.push(group);
      }
      bySlot[slot] = group;
    }
    group.weight += finish.p;
    const total = finish.home + finish.away;
    const margin = finish.home - finish.away + SPAN;
    group.units[total] = (group.units[total] ?? 0) + finish.p;
    group.margins[margin] = (group.margins[margin] ?? 0) + finish.p;
  }
  const units: { weight: number; dist: Dist }[] = [];
  const margins: { weight: number; dist: Dist }[] = [];
  for (const group of groups) {
    if (group.rest !== FINISHED) {
      for (const [key, p] of group.rest.scores)
        scores.set(key, (scores.get(key) ?? 0) + group.weight * p);
    }
    units.push({ weight: 1, dist: convolve(fromCells(group.units, 0), group.rest.units) });
    margins.push({ weight: 1, dist: convolve(fromCells(group.margins, SPAN), group.rest.margin) });
  }
  return { scores, units: mixture(units), margin: mixture(margins) };
}

/** Distribution of a function of the final set score. */
export function fromScores(
  scores: ReadonlyMap<string, number>,
  value: (h: number, a: number) => number,
): Dist {
  const parts: { weight: number; dist: Dist; offset: number }[] = [];
  for (const [key, p] of scores) {
    const colon = key.indexOf(':');
    parts.push({
      weight: p,
      dist: ONE,
      offset: value(Number(key.slice(0, colon)), Number(key.slice(colon + 1))),
    });
  }
  return mixture(parts);
}

/** First-set margin and total from the finishes of the set being played. */
export function firstSet(finishes: readonly SetFinish[]): { margin: Dist; total: Dist } {
  return {
    margin: mixture(finishes.map((f) => ({ weight: f.p, dist: ONE, offset: f.home - f.away }))),
    total: mixture(finishes.map((f) => ({ weight: f.p, dist: ONE, offset: f.home + f.away }))),
  };
}

/**
 * Trees of future sets are the costly part of pricing a set sport and depend only on the
 * playing strengths (rounded) and the rules, so they are shared between matches.
 */
const TREES = new Map<string, Rest>();
const TREE_LIMIT = 20_000;

export function cachedRest(key: string, compute: () => Rest): Rest {
  const cached = TREES.get(key);
  if (cached) return cached;
  const rest = compute();
  if (TREES.size >= TREE_LIMIT) TREES.clear();
  TREES.set(key, rest);
  return rest;
}

/** Strengths are rounded to this step before pricing so trees can be shared. */
export function quantise(p: number): number {
  return Math.round(p * 400) / 400;
}
