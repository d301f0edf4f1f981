/**
 * Decimal odds are the stored truth. On the wire and in the database they are integers in
 * ten-thousandths (1.91 is 19100) so that money maths never meets a binary fraction; screens
 * show two decimals.
 */
export const ODDS_SCALE = 10_000;

/** No price is ever offered below this: a shorter price is worthless to the member. */
export const MIN_DECIMAL_ODDS = 1.01;

export function toOddsUnits(decimal: number): number {
  return Math.round(decimal * ODDS_SCALE);
}

export function fromOddsUnits(units: number): number {
  return units / ODDS_SCALE;
}

/**
 * Odds in ten-thousandths as decimal odds with two decimals, cut rather than rounded up (a
 * least-odds rule of 1.915 reads 1.91, never a price it does not reach), on the digits.
 */
export function oddsUnitsText(units: number): string {
  const hundredths = Math.floor(units / (ODDS_SCALE / 100));
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}

/**
 * A parlay's price in ten-thousandths: the product of its legs' prices, rounded down after each
 * leg (the house never rounds in its own disfavour), in exact integer arithmetic. The order's
 * price and payout are made with it, and the slip shows the same figure before placing.
 */
export function combinedOddsUnits(legOddsUnits: readonly number[]): number {
  const scale = BigInt(ODDS_SCALE);
  let total = scale;
  for (const units of legOddsUnits) total = (total * BigInt(units)) / scale;
  return Number(total);
}

/** The probability a price implies, margin included. */
export function impliedProbability(decimal: number): number {
  if (!(decimal > 0)) throw new RangeError(`odds must be positive, got ${decimal}`);
  return 1 / decimal;
}

/** The fair price of a probability, before rounding. */
export function priceFromProbability(probability: number): number {
  if (!(probability > 0 && probability <= 1)) {
    throw new RangeError(`probability must be in (0, 1], got ${probability}`);
  }
  return 1 / probability;
}

/**
 * Rounds to the two decimals members see. `down` is for prices the house makes worse on
 * purpose (a member's extra margin): rounding must never hand back what the margin took.
 */
export function roundOdds(decimal: number, mode: 'nearest' | 'down' = 'nearest'): number {
  // The small epsilon absorbs binary noise such as 1.15 * 100 = 114.99999999999999.
  const cents = mode === 'down' ? Math.floor(decimal * 100 + 1e-9) : Math.round(decimal * 100);
  return Math.max(cents / 100, MIN_DECIMAL_ODDS);
}

/** Sum of implied probabilities minus one: the book's margin on a complete market. */
export function overround(odds: readonly number[]): number {
  let sum = 0;
  for (const price of odds) sum += impliedProbability(price);
  return sum - 1;
}

/**
 * Fair probabilities behind a complete market's prices, removing the margin proportionally
 * (what cash-out and risk views need).
 */
export function fairProbabilities(odds: readonly number[]): number[] {
  const implied = odds.map(impliedProbability);
  const sum = implied.reduce((total, value) => total + value, 0);
  return implied.map((value) => value / sum);
}
