import { at, type Dist, probAtLeast, probBelow } from '../models/dist';

/**
 * How a bet on one outcome ends, as probabilities: full win, half win (half the stake void),
 * push (all void), half loss; the rest is a full loss. Asian quarter lines need the halves.
 * Under a settled match (all mass on one result) exactly one of them is 1, or `win` holds a
 * dead-heat share.
 */
export interface Mass {
  win: number;
  halfWin: number;
  push: number;
  halfLose: number;
}

export function simpleMass(probability: number): Mass {
  return { win: probability, halfWin: 0, push: 0, halfLose: 0 };
}

function isQuarter(line: number): boolean {
  return Math.abs(Math.round(line * 4)) % 2 === 1;
}

/**
 * A bet that wins when sign * value + line > 0: a handicap (value = margin, line = hcp) or a
 * total (over: sign 1, line -total; under: sign -1, line +total). A quarter line is two half
 * stakes on the lines a quarter either side, so one of its halves can push. Values are
 * integers, which turns every case into a tail or a single value of the distribution.
 */
export function lineMass(dist: Dist, line: number, sign: 1 | -1 = 1): Mass {
  if (!isQuarter(line)) {
    const push = Number.isInteger(line) ? at(dist, -sign * line) : 0;
    return { win: above(dist, -line, sign), halfWin: 0, push, halfLose: 0 };
  }
  const upper = -line + 0.25;
  const lower = -line - 0.25;
  return {
    win: above(dist, upper, sign),
    halfWin: Number.isInteger(upper) ? at(dist, sign * upper) : 0,
    push: 0,
    halfLose: Number.isInteger(lower) ? at(dist, sign * lower) : 0,
  };
}

/** P(sign * value > x). */
function above(dist: Dist, x: number, sign: 1 | -1): number {
  return sign === 1 ? probAtLeast(dist, Math.floor(x) + 1) : probBelow(dist, Math.ceil(-x));
}

/**
 * The stake-weighted chance of winning: a half win counts half. Dividing by the sum over a
 * market's outcomes gives the probabilities whose inverses are fair prices, pushes and voided
 * halves excluded (for a quarter line this is exactly the zero-expectation price).
 */
export function winWeight(mass: Mass): number {
  return mass.win + 0.5 * mass.halfWin;
}
