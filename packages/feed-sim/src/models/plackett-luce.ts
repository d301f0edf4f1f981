import type { Rng } from '../prng';

/**
 * Races and outright winners: each entrant has a strength weight; the winner is drawn in
 * proportion to the weights, then the next place among the rest, and so on (Plackett-Luce).
 * Leaving one entrant out leaves the others' relative chances unchanged, which prices
 * "without favourite" exactly.
 */
export function winProbabilities(weights: ReadonlyMap<string, number>): Map<string, number> {
  let sum = 0;
  for (const weight of weights.values()) sum += weight;
  return new Map([...weights].map(([id, weight]) => [id, weight / sum]));
}

export function sampleRanking(weights: ReadonlyMap<string, number>, rng: Rng): string[] {
  const left = new Map(weights);
  const ranking: string[] = [];
  while (left.size > 0) {
    let sum = 0;
    for (const weight of left.values()) sum += weight;
    let draw = rng.next() * sum;
    let chosen = '';
    for (const [id, weight] of left) {
      chosen = id;
      draw -= weight;
      if (draw < 0) break;
    }
    ranking.push(chosen);
    left.delete(chosen);
  }
  return ranking;
}
