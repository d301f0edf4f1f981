/**
 * Exact non-negative rationals over bigint, so that settlement never meets a binary fraction:
 * a half win at 1.9525 is 29525/2 ten-thousandths and a dead heat of 1/3 stays a third until the
 * one rounding at the end.
 */
export interface Ratio {
  /** Never negative. */
  readonly numerator: bigint;
  /** Always positive; the pair is kept in lowest terms. */
  readonly denominator: bigint;
}

function greatestCommonDivisor(a: bigint, b: bigint): bigint {
  let x = a;
  let y = b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

function toBigInt(value: bigint | number, name: string): bigint {
  if (typeof value === 'bigint') return value;
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} ${value} is not a safe integer`);
  return BigInt(value);
}

/** numerator / denominator in lowest terms; both integers, numerator ≥ 0, denominator > 0. */
export function ratio(numerator: bigint | number, denominator: bigint | number = 1n): Ratio {
  const top = toBigInt(numerator, 'numerator');
  const bottom = toBigInt(denominator, 'denominator');
  if (top < 0n) throw new RangeError(`numerator ${top} is negative`);
  if (bottom <= 0n) throw new RangeError(`denominator ${bottom} is not positive`);
  const divisor = greatestCommonDivisor(top, bottom);
  return { numerator: top / divisor, denominator: bottom / divisor };
}

export const RATIO_ZERO: Ratio = ratio(0n);
export const RATIO_ONE: Ratio = ratio(1n);

export function multiplyRatios(a: Ratio, b: Ratio): Ratio {
  return ratio(a.numerator * b.numerator, a.denominator * b.denominator);
}

export function addRatios(a: Ratio, b: Ratio): Ratio {
  return ratio(
    a.numerator * b.denominator + b.numerator * a.denominator,
    a.denominator * b.denominator,
  );
}

/** The largest integer not above the value: the only rounding settlement ever applies. */
export function floorRatio(value: Ratio): bigint {
  return value.numerator / value.denominator;
}

export function compareRatios(a: Ratio, b: Ratio): -1 | 0 | 1 {
  const left = a.numerator * b.denominator;
  const right = b.numerator * a.denominator;
  return left < right ? -1 : left > right ? 1 : 0;
}

/** For display and logs only: money is never computed from this float. */
export function ratioToNumber(value: Ratio): number {
  return Number(value.numerator) / Number(value.denominator);
}

/** The feed rounds factors to six decimals (1/3 arrives as 0.333333); half of that step. */
const FACTOR_TOLERANCE = 5e-7;
/** Dead heats share places among tied runners, so their factors have small denominators. */
const FACTOR_DENOMINATOR_MAX = 100;

/**
 * Reads a factor in [0, 1] sent as a JS number. A value within 5e-7 of a fraction whose
 * denominator is at most 100 is that fraction (0.333333 and 1/3 are both exactly one third);
 * fractions with such denominators lie at least 1e-4 apart, so at most one is that close and the
 * smallest denominator found is the fraction in lowest terms. Any other value is taken as the
 * exact decimal it prints as (0.4321987 is 4321987/10^7).
 */
export function ratioFromFactor(value: number, name: string): Ratio {
  if (!(Number.isFinite(value) && value >= 0 && value <= 1)) {
    throw new RangeError(`${name} must be within [0, 1], got ${value}`);
  }
  for (let denominator = 1; denominator <= FACTOR_DENOMINATOR_MAX; denominator += 1) {
    const numerator = Math.round(value * denominator);
    // A positive factor never becomes zero: that would turn a tiny share into nothing.
    if (numerator === 0 && value > 0) continue;
    if (Math.abs(value - numerator / denominator) <= FACTOR_TOLERANCE) {
      return ratio(numerator, denominator);
    }
  }
  return ratioFromDecimalText(String(value));
}

/** "0.1234567" or "1.5e-7" as an exact ratio. */
function ratioFromDecimalText(text: string): Ratio {
  const match = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(text);
  if (!match) throw new RangeError(`cannot read ${text} as a decimal`);
  const [, whole = '0', fraction = '', exponentText = '0'] = match;
  const exponent = Number(exponentText) - fraction.length;
  const digits = BigInt(whole + fraction);
  return exponent >= 0
    ? ratio(digits * 10n ** BigInt(exponent))
    : ratio(digits, 10n ** BigInt(-exponent));
}
