import { describe, expect, it } from 'vitest';
import { combinedOddsUnits } from './price';

describe('combinedOddsUnits', () => {
  it('is the single price for one leg, and 1.00 for none', () => {
    expect(combinedOddsUnits([19_100])).toBe(19_100);
    expect(combinedOddsUnits([])).toBe(10_000);
  });

  it('multiplies the legs, rounding down after each', () => {
    // 1.91 × 2.05 = 3.9155; × 1.33 = 5.207615 → 5.2076.
    expect(combinedOddsUnits([19_100, 20_500])).toBe(39_155);
    expect(combinedOddsUnits([19_100, 20_500, 13_300])).toBe(52_076);
    // 1.95 × 1.95 = 3.8025 exactly; 1.333 × 1.333 = 1.776889 → 1.7768.
    expect(combinedOddsUnits([19_500, 19_500])).toBe(38_025);
    expect(combinedOddsUnits([13_330, 13_330])).toBe(17_768);
  });

  it('stays exact where floating point would not', () => {
    const legs = [10_100, 10_100, 10_100, 10_100, 10_100, 10_100, 10_100, 10_100];
    let expected = 10_000n;
    for (const units of legs) expected = (expected * BigInt(units)) / 10_000n;
    expect(combinedOddsUnits(legs)).toBe(Number(expected));
  });
});
