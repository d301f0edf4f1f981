import { describe, expect, it } from 'vitest';
import {
  addRatios,
  compareRatios,
  floorRatio,
  multiplyRatios,
  ratio,
  ratioFromFactor,
  ratioToNumber,
} from './ratio';

describe('ratio', () => {
  it('keeps fractions in lowest terms', () => {
    expect(ratio(29_500, 20_000)).toEqual({ numerator: 59n, denominator: 40n });
    expect(ratio(0, 7)).toEqual({ numerator: 0n, denominator: 1n });
    expect(multiplyRatios(ratio(2, 3), ratio(3, 4))).toEqual(ratio(1, 2));
    expect(addRatios(ratio(1, 3), ratio(1, 6))).toEqual(ratio(1, 2));
  });

  it('floors and compares exactly', () => {
    expect(floorRatio(ratio(1999, 1000))).toBe(1n);
    expect(floorRatio(ratio(2000, 1000))).toBe(2n);
    expect(compareRatios(ratio(1, 3), ratio(333_333, 1_000_000))).toBe(1);
    expect(compareRatios(ratio(2, 4), ratio(1, 2))).toBe(0);
    expect(compareRatios(ratio(1, 4), ratio(1, 2))).toBe(-1);
    expect(ratioToNumber(ratio(3, 8))).toBe(0.375);
  });

  it('refuses negative, zero-denominator and fractional parts', () => {
    expect(() => ratio(-1, 2)).toThrow(RangeError);
    expect(() => ratio(1, 0)).toThrow(RangeError);
    expect(() => ratio(1.5, 2)).toThrow(RangeError);
  });
});

describe('ratioFromFactor', () => {
  it('reads the feed’s six-decimal factors as the small fractions they stand for', () => {
    expect(ratioFromFactor(0.5, 'f')).toEqual(ratio(1, 2));
    expect(ratioFromFactor(0.333333, 'f')).toEqual(ratio(1, 3));
    expect(ratioFromFactor(1 / 3, 'f')).toEqual(ratio(1, 3));
    expect(ratioFromFactor(0.666667, 'f')).toEqual(ratio(2, 3));
    expect(ratioFromFactor(0.142857, 'f')).toEqual(ratio(1, 7));
    expect(ratioFromFactor(0.4, 'f')).toEqual(ratio(2, 5));
    expect(ratioFromFactor(1, 'f')).toEqual(ratio(1));
    expect(ratioFromFactor(0, 'f')).toEqual(ratio(0));
  });

  it('takes any other value as the exact decimal it prints as', () => {
    expect(ratioFromFactor(0.4321987, 'f')).toEqual(ratio(4_321_987, 10_000_000));
    expect(ratioFromFactor(0.123, 'f')).toEqual(ratio(123, 1000));
    expect(ratioFromFactor(1.5e-7, 'f')).toEqual(ratio(15, 100_000_000));
  });

  it('snaps a value that close to a small fraction even when sent as a long decimal', () => {
    // 10/81 = 0.12345679...: a factor this close can only be that fraction, rounded.
    expect(ratioFromFactor(0.1234567, 'f')).toEqual(ratio(10, 81));
  });

  it('refuses values outside [0, 1]', () => {
    expect(() => ratioFromFactor(1.01, 'f')).toThrow(RangeError);
    expect(() => ratioFromFactor(-0.5, 'f')).toThrow(RangeError);
    expect(() => ratioFromFactor(Number.NaN, 'f')).toThrow(RangeError);
  });
});
