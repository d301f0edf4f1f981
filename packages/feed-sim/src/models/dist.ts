/**
 * Discrete probability distributions over consecutive integers (goals, points, games, margins).
 * Markets are computed from these, and so are settlements: a finished match is a distribution
 * with all its mass on the final score, which makes pricing and settling one code path.
 * Thousands are built a minute, so the code favours plain loops over allocation.
 */
export interface Dist {
  /** The value of the first cell. */
  readonly min: number;
  /** Probabilities of min, min + 1, ... */
  readonly p: readonly number[];
  /** Cumulative sums, filled on first use (a distribution is never changed once made). */
  cdf?: Float64Array;
}

/** Mass below this is dropped from tails to keep convolutions small. */
const TAIL = 1e-10;

export function pointMass(value: number): Dist {
  return { min: value, p: [1] };
}

export function at(dist: Dist, value: number): number {
  return dist.p[value - dist.min] ?? 0;
}

function cumulative(dist: Dist): Float64Array {
  if (dist.cdf) return dist.cdf;
  const sums = new Float64Array(dist.p.length + 1);
  let sum = 0;
  for (let i = 0; i < dist.p.length; i++) {
    sum += dist.p[i] ?? 0;
    sums[i + 1] = sum;
  }
  dist.cdf = sums;
  return sums;
}

/** P(value < k) for an integer k. */
export function probBelow(dist: Dist, k: number): number {
  const index = Math.min(Math.max(k - dist.min, 0), dist.p.length);
  return cumulative(dist)[index] ?? 0;
}

/** P(value >= k) for an integer k. */
export function probAtLeast(dist: Dist, k: number): number {
  const sums = cumulative(dist);
  return (sums[dist.p.length] ?? 0) - probBelow(dist, k);
}

export function maxValue(dist: Dist): number {
  return dist.min + dist.p.length - 1;
}

export function forEachValue(dist: Dist, visit: (value: number, probability: number) => void) {
  for (let i = 0; i < dist.p.length; i++) visit(dist.min + i, dist.p[i] ?? 0);
}

export function massWhere(dist: Dist, predicate: (value: number) => boolean): number {
  let sum = 0;
  for (let i = 0; i < dist.p.length; i++) if (predicate(dist.min + i)) sum += dist.p[i] ?? 0;
  return sum;
}

/** Smallest value whose cumulative probability reaches one half. */
export function median(dist: Dist): number {
  const sums = cumulative(dist);
  for (let i = 1; i < sums.length; i++) if ((sums[i] ?? 0) >= 0.5) return dist.min + i - 1;
  return maxValue(dist);
}

/** Drops negligible tails (the dropped mass is tiny and not redistributed). */
export function trim(min: number, p: number[]): Dist {
  let lo = 0;
  let hi = p.length - 1;
  while (lo < hi && (p[lo] ?? 0) < TAIL) lo++;
  while (hi > lo && (p[hi] ?? 0) < TAIL) hi--;
  if (lo === 0 && hi === p.length - 1) return { min, p };
  return { min: min + lo, p: p.slice(lo, hi + 1) };
}

export function normalise(dist: Dist): Dist {
  let sum = 0;
  for (const value of dist.p) sum += value;
  if (sum <= 0 || Math.abs(sum - 1) < 1e-15) return dist;
  return { min: dist.min, p: dist.p.map((value) => value / sum) };
}

export function shift(dist: Dist, by: number): Dist {
  return by === 0 ? dist : { min: dist.min + by, p: dist.p };
}

/** Sum (sign 1) or difference (sign -1) of two independent variables. */
function combine(a: Dist, b: Dist, sign: 1 | -1): Dist {
  const p = new Array<number>(a.p.length + b.p.length - 1).fill(0);
  // For a difference b is walked backwards: b's largest value makes the smallest difference.
  const bp = sign === 1 ? b.p : [...b.p].reverse();
  for (let i = 0; i < a.p.length; i++) {
    const pa = a.p[i] ?? 0;
    if (pa === 0) continue;
    for (let j = 0; j < bp.length; j++) p[i + j] = (p[i + j] ?? 0) + pa * (bp[j] ?? 0);
  }
  const min = sign === 1 ? a.min + b.min : a.min - maxValue(b);
  return trim(min, p);
}

export function convolve(a: Dist, b: Dist): Dist {
  return combine(a, b, 1);
}

export function difference(a: Dist, b: Dist): Dist {
  return combine(a, b, -1);
}

/** Weighted sum of distributions, each shifted by its offset (weights need not sum to one). */
export function mixture(parts: readonly { weight: number; dist: Dist; offset?: number }[]): Dist {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const { weight, dist, offset = 0 } of parts) {
    if (weight <= 0) continue;
    min = Math.min(min, dist.min + offset);
    max = Math.max(max, dist.min + offset + dist.p.length - 1);
  }
  if (min > max) return pointMass(0);
  const sums = new Array<number>(max - min + 1).fill(0);
  for (const { weight, dist, offset = 0 } of parts) {
    if (weight <= 0) continue;
    const start = dist.min + offset - min;
    const p = dist.p;
    for (let i = 0; i < p.length; i++)
      sums[start + i] = (sums[start + i] ?? 0) + weight * (p[i] ?? 0);
  }
  return trim(min, sums);
}

export function poisson(lambda: number): Dist {
  if (lambda <= 1e-9) return pointMass(0);
  const p: number[] = [];
  let term = Math.exp(-lambda);
  let cumulative = 0;
  for (let k = 0; k < 200 && (cumulative < 1 - 1e-12 || k <= lambda); k++) {
    p.push(term);
    cumulative += term;
    term *= lambda / (k + 1);
  }
  for (let k = 0; k < p.length; k++) p[k] = (p[k] ?? 0) / cumulative;
  return trim(0, p);
}

/**
 * Standard normal CDF (Abramowitz and Stegun 26.2.17, error below 1e-7): accurate far beyond
 * the two decimals prices are shown with.
 */
export function normalCdf(x: number): number {
  if (x < 0) return 1 - normalCdf(-x);
  const t = 1 / (1 + 0.2316419 * x);
  const poly =
    t *
    (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  return 1 - Math.exp((-x * x) / 2) * 0.3989422804014327 * poly;
}

/** A normal variable rounded to integers: the mass of each integer is its unit interval. */
export function discreteNormal(mu: number, sd: number): Dist {
  if (sd < 1e-6) return pointMass(Math.round(mu));
  // Six standard deviations leave out less than one in a hundred million.
  const lo = Math.floor(mu - 6 * sd);
  const hi = Math.ceil(mu + 6 * sd);
  const p = new Array<number>(hi - lo + 1);
  let previous = normalCdf((lo - 0.5 - mu) / sd);
  let sum = 0;
  for (let value = lo; value <= hi; value++) {
    const next = normalCdf((value + 0.5 - mu) / sd);
    p[value - lo] = next - previous;
    sum += next - previous;
    previous = next;
  }
  for (let i = 0; i < p.length; i++) p[i] = (p[i] ?? 0) / sum;
  return trim(lo, p);
}

/**
 * The distribution of a count that cannot fall below `floor` (points still to come are never
 * negative): the mass below it removed and the rest scaled back to one.
 */
export function atLeast(dist: Dist, floor: number): Dist {
  if (dist.min >= floor) return dist;
  const from = floor - dist.min;
  if (from >= dist.p.length) return pointMass(floor);
  return normalise({ min: floor, p: dist.p.slice(from) });
}

/** The distribution with the mass at `value` removed and the rest scaled back to one. */
export function without(dist: Dist, value: number): Dist {
  return normalise({ min: dist.min, p: dist.p.map((p, i) => (dist.min + i === value ? 0 : p)) });
}

export function mean(dist: Dist): number {
  let sum = 0;
  for (let i = 0; i < dist.p.length; i++) sum += (dist.min + i) * (dist.p[i] ?? 0);
  return sum;
}
