import { type Dist, median } from '../models/dist';
import { lineMass, winWeight } from './mass';

/** Asian lines move in quarters; plain lines sit on halves and move by whole units. */
export type LineGrid = 'quarter' | 'half';

function snap(value: number, grid: LineGrid): number {
  return grid === 'quarter' ? Math.round(value * 4) / 4 : Math.floor(value) + 0.5;
}

function step(grid: LineGrid): number {
  return grid === 'quarter' ? 0.25 : 1;
}

/** Fair chance of the side that wins when value + line > 0, pushes set aside. */
function sideChance(dist: Dist, line: number): number {
  const side = winWeight(lineMass(dist, line, 1));
  const other = winWeight(lineMass(dist, -line, -1));
  return side + other > 0 ? side / (side + other) : 0.5;
}

/**
 * The line nearest to even money, searched around a first guess (minus the median margin for a
 * handicap, the median total for a total), and `each` lines either side of it.
 */
function linesAround(
  guess: number,
  grid: LineGrid,
  each: number,
  chance: (line: number) => number,
): number[] {
  const unit = step(grid);
  let best = snap(guess, grid);
  let bestGap = Math.abs(chance(best) - 0.5);
  for (let k = -4; k <= 4; k++) {
    const line = snap(guess, grid) + k * unit;
    const gap = Math.abs(chance(line) - 0.5);
    if (gap < bestGap - 1e-12) {
      best = line;
      bestGap = gap;
    }
  }
  const lines: number[] = [];
  for (let k = -each; k <= each; k++) lines.push(best + k * unit);
  return lines;
}

/** Handicap lines for the home side (hcp), around the line that makes both sides even. */
export function handicapLines(margin: Dist, grid: LineGrid, each: number): number[] {
  return linesAround(-median(margin), grid, each, (hcp) => sideChance(margin, hcp));
}

/** Total lines around the even one; never below a half. */
export function totalLines(total: Dist, grid: LineGrid, each: number): number[] {
  const over = (line: number) => sideChance(total, -line);
  const lines = linesAround(median(total), grid, each, over);
  return lines.filter((line) => line >= 0.5);
}
