import { describe, expect, it } from 'vitest';
import { formatDisplayAmount, formatMinorUnits } from './money';

describe('formatMinorUnits', () => {
  it('writes minor units as exact major-unit decimals', () => {
    expect(formatMinorUnits(12_345, 2)).toBe('123.45');
    expect(formatMinorUnits(5, 2)).toBe('0.05');
    expect(formatMinorUnits(0, 6)).toBe('0.000000');
    expect(formatMinorUnits(-1_500_000, 6)).toBe('-1.500000');
    expect(formatMinorUnits(42, 0)).toBe('42');
    expect(formatMinorUnits(Number.MAX_SAFE_INTEGER, 8)).toBe('90071992.54740991');
  });

  it('refuses amounts that are not safe integers', () => {
    expect(() => formatMinorUnits(1.5, 2)).toThrow();
    expect(() => formatMinorUnits(2 ** 60, 2)).toThrow();
  });
});

describe('formatDisplayAmount', () => {
  it('shows two decimals with thousands separators', () => {
    expect(formatDisplayAmount(123_456_789, 2)).toBe('1,234,567.89');
    expect(formatDisplayAmount(1_234_567_891, 6)).toBe('1,234.56');
    expect(formatDisplayAmount(-100_000, 2)).toBe('-1,000.00');
    expect(formatDisplayAmount(7, 0)).toBe('7.00');
  });
});
