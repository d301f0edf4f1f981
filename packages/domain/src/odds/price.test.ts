import { describe, expect, it } from 'vitest';
import { combinedOddsUnits, oddsUnitsText } from './price';

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

describe('oddsUnitsText', () => {
  it('shows ten-thousandths with two decimals, cut rather than rounded up', () => {
    expect(oddsUnitsText(21_500)).toBe('2.15');
    expect(oddsUnitsText(15_000)).toBe('1.50');
    expect(oddsUnitsText(30_000)).toBe('3.00');
    expect(oddsUnitsText(19_199)).toBe('1.91');
    expect(oddsUnitsText(10_100)).toBe('1.01');
    expect(oddsUnitsText(10_000_000)).toBe('1000.00');
  });
});
