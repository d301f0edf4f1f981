import type { Outcome, SportId } from '../messages';
import { SportIds } from '../messages';
import { type Mass, winWeight } from './mass';

/** Overround per kind of market: what the book keeps on a complete market. */
export interface Margins {
  /** Handicap, total, odd/even and other two-outcome markets. */
  twoWay: number;
  /** 1X2 and other three-outcome markets. */
  threeWay: number;
  /** Correct score, exact goals, winning margin and other many-outcome markets. */
  multi: number;
  /** Outright winners and race winners. */
  outright: number;
}

export const DEFAULT_MARGINS: Margins = {
  twoWay: 0.05,
  threeWay: 0.06,
  multi: 0.12,
  outright: 0.2,
};

export const MIN_ODDS = 10_100;
export const MAX_ODDS = 5_010_000;
/** Outcomes less likely than this are not offered (they would price above 1000). */
const MIN_ACTIVE_PROBABILITY = 0.0005;
/** A market this one-sided is suspended: there is nothing left to bet on. */
const TOO_SHORT_PROBABILITY = 0.98;

export function resolveMargins(margin: number | Partial<Margins> | undefined): Margins {
  if (typeof margin === 'number') {
    return { twoWay: margin, threeWay: margin, multi: margin, outright: margin };
  }
  return { ...DEFAULT_MARGINS, ...margin };
}

/** The margin a market carries; the same rule prices the market and lets a consumer check it. */
export function marketMargin(
  margins: Margins,
  sportId: SportId,
  playId: number,
  outcomeCount: number,
): number {
  if (playId >= 21000 || (sportId === SportIds.VirtualRacing && playId === 3)) {
    return margins.outright;
  }
  if (outcomeCount <= 2) return margins.twoWay;
  return outcomeCount === 3 ? margins.threeWay : margins.multi;
}

/**
 * How many outcomes of a market win together: football's double chance (1X, 12, X2) has two
 * winners whatever the result, so its fair probabilities sum to 2 and each outcome carries the
 * margin a 1X2 outcome does (implied sum 2 * (1 + margin)). Every other market has one.
 */
export function marketWinners(sportId: SportId, playId: number): number {
  return sportId === SportIds.Football && playId === 21 ? 2 : 1;
}

/**
 * Solves sum(p_i ^ k) = target over the outcomes not pinned: raising probabilities to a power
 * below one loads more of the margin onto long shots than onto favourites, the
 * favourite-long-shot bias real books show, and keeps favourites off the 1.01 floor. The first
 * guess comes from the first-order expansion (k = 1 + margin / sum(p ln p)); Newton's method
 * then needs a step or two.
 */
function powerExponent(
  fair: readonly number[],
  logs: readonly number[],
  pinned: readonly number[] | null,
  target: number,
): number {
  let entropy = 0;
  let sum = 0;
  for (let i = 0; i < fair.length; i++) {
    if (pinned && pinned[i] !== 0) continue;
    const p = fair[i] as number;
    sum += p;
    if (p > 0) entropy += p * (logs[i] as number);
  }
  let k = entropy < 0 ? Math.max(1 + (target - sum) / entropy, 0.05) : 1;
  for (let iteration = 0; iteration < 20; iteration++) {
    let value = -target;
    let slope = 0;
    for (let i = 0; i < fair.length; i++) {
      if ((pinned && pinned[i] !== 0) || !((fair[i] as number) > 0)) continue;
      const log = logs[i] as number;
      const pk = Math.exp(k * log);
      value += pk;
      slope += pk * log;
    }
    if (Math.abs(value) < 1e-10 || slope === 0) break;
    k = Math.min(Math.max(k - value / slope, 0.02), 5);
  }
  return k;
}

const CEILING = 10_000 / MIN_ODDS;
const FLOOR = 10_000 / MAX_ODDS;

/**
 * Turns fair probabilities into implied ones summing to 1 + margin, every price between 1.01
 * and the cap. Usually no bound is crossed and one solve is enough.
 */
export function distributeMargin(fair: readonly number[], margin: number, winners = 1): number[] {
  const n = fair.length;
  const target = winners * (1 + margin);
  const logs = new Array<number>(n);
  for (let i = 0; i < n; i++) logs[i] = (fair[i] as number) > 0 ? Math.log(fair[i] as number) : 0;
  const k = powerExponent(fair, logs, null, target);
  const implied = new Array<number>(n);
  let crossed = false;
  for (let i = 0; i < n; i++) {
    const value = (fair[i] as number) > 0 ? Math.exp(k * (logs[i] as number)) : 0;
    implied[i] = value;
    if (value > CEILING || value < FLOOR) crossed = true;
  }
  return crossed ? pinnedToBounds(fair, logs, target) : implied;
}

/**
 * An outcome that would cross a bound is pinned there and the others are solved again for
 * what is left; favourites first, since pinning a long shot only makes sense once they are.
 */
function pinnedToBounds(
  fair: readonly number[],
  logs: readonly number[],
  target: number,
): number[] {
  const n = fair.length;
  const pinned = new Array<number>(n).fill(0);
  let pinnedSum = 0;
  let k = 1;
  for (let round = 0; round <= n; round++) {
    k = powerExponent(fair, logs, pinned, target - pinnedSum);
    let changed = false;
    for (let i = 0; i < n; i++) {
      if (pinned[i] !== 0) continue;
      const value = Math.exp(k * (logs[i] as number));
      const bound = value > CEILING ? CEILING : value < FLOOR && !changed ? FLOOR : 0;
      if (bound === 0) continue;
      pinned[i] = bound;
      pinnedSum += bound;
      changed = true;
    }
    if (!changed || pinned.every((value) => value !== 0)) break;
  }
  return fair.map((_, i) => pinned[i] || Math.exp(k * (logs[i] as number)));
}

/** Implied probability to a price in ten-thousandths, rounded to the two decimals shown. */
export function toOdds(implied: number): number {
  const cents = Math.round(100 / implied);
  return Math.min(Math.max(cents * 100, MIN_ODDS), MAX_ODDS);
}

export interface PricedOutcomes {
  outcomes: Outcome[];
  /** No more outcomes can still happen than win together: the market cannot be priced. */
  decided: boolean;
  /** One outcome is nearly certain: priced, but not worth offering. */
  tooShort: boolean;
}

/** `winners`: outcomes that win together (see `marketWinners`); fair chances sum to it. */
export function priceOutcomes(
  specs: readonly { id: string; name: string; mass: Mass }[],
  margin: number,
  winners = 1,
): PricedOutcomes {
  const n = specs.length;
  const weights = new Array<number>(n);
  let total = 0;
  for (let i = 0; i < n; i++) {
    const weight = winWeight((specs[i] as (typeof specs)[number]).mass);
    weights[i] = weight;
    total += weight;
  }
  // Outcomes too unlikely to price are left out; the rest share the whole probability.
  const fair: number[] = [];
  let activeSum = 0;
  let top = 0;
  for (let i = 0; i < n; i++) {
    const p = total > 0 ? (winners * (weights[i] ?? 0)) / total : 0;
    if (p > top) top = p;
    if (p >= MIN_ACTIVE_PROBABILITY) {
      fair.push(p);
      activeSum += p;
    }
  }
  // With no more outcomes left than win together, every one left is certain: nothing to price.
  const decided = fair.length <= winners;
  for (let i = 0; i < fair.length; i++) fair[i] = (winners * (fair[i] ?? 0)) / activeSum;
  const implied = decided ? [] : distributeMargin(fair, margin, winners);
  const outcomes = new Array<Outcome>(n);
  let next = 0;
  for (let i = 0; i < n; i++) {
    const { id, name } = specs[i] as (typeof specs)[number];
    const p = total > 0 ? (winners * (weights[i] ?? 0)) / total : 0;
    if (decided || p < MIN_ACTIVE_PROBABILITY) {
      outcomes[i] = { id, name, odds: 0, probability: 0, active: false };
      continue;
    }
    const probability = Math.round((fair[next] ?? 0) * 1e6) / 1e6;
    outcomes[i] = { id, name, odds: toOdds(implied[next] ?? 1), probability, active: true };
    next++;
  }
  return { outcomes, decided, tooShort: top >= TOO_SHORT_PROBABILITY };
}
