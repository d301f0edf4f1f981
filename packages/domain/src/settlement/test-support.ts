/**
 * Helpers shared by the settlement tests only (not exported from the package): a seeded random
 * source and the Asian-line rules a feed applies, written independently of the code under test.
 */
import type { SelectionOutcome } from './settle-selection';

/** mulberry32: a small seeded generator, so a failing random case can be replayed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function randomInteger(random: () => number, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

type HalfResult = 'win' | 'loss' | 'push';

function settleWholeOrHalfLine(line: number, margin: number): HalfResult {
  const adjusted = margin + line;
  return adjusted > 0 ? 'win' : adjusted < 0 ? 'loss' : 'push';
}

/**
 * What the feed sends for a bet on a line (a handicap added to the backed side's goal margin, or
 * an over bet as margin = goals − total with line 0): a quarter line is half the stake on each
 * neighbouring half or whole line, so -0.25 is half on 0 and half on -0.5.
 */
export function lineOutcome(line: number, margin: number): SelectionOutcome {
  const isQuarter = Math.abs((line * 4) % 2) === 1;
  const halves: HalfResult[] = isQuarter
    ? [settleWholeOrHalfLine(line - 0.25, margin), settleWholeOrHalfLine(line + 0.25, margin)]
    : [settleWholeOrHalfLine(line, margin), settleWholeOrHalfLine(line, margin)];
  const wins = halves.filter((half) => half === 'win').length;
  const losses = halves.filter((half) => half === 'loss').length;
  if (wins === 2) return { result: 'won', voidFactor: 0 };
  if (losses === 2) return { result: 'lost', voidFactor: 0 };
  if (wins === 1 && losses === 1) throw new Error('a quarter line cannot win and lose at once');
  if (wins === 1) return { result: 'won', voidFactor: 0.5 };
  if (losses === 1) return { result: 'lost', voidFactor: 0.5 };
  return { result: 'lost', voidFactor: 1 };
}
