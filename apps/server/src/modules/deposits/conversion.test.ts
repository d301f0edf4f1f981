import { describe, expect, it } from 'vitest';
import { convertMinorUnits } from './conversion';

describe('convertMinorUnits', () => {
  it('converts across scales at a decimal rate in integers', () => {
    expect(convertMinorUnits(10_000_000, 6, '7.1', 2)).toBe(7_100);
    expect(convertMinorUnits(1_000, 2, '7.15', 2)).toBe(7_150);
    expect(convertMinorUnits(123_456_789, 6, '5.35', 2)).toBe(66_049);
    expect(convertMinorUnits(500, 2, '1', 2)).toBe(500);
  });

  it('rounds down, never crediting a fraction of a minor unit that was not paid for', () => {
    // 0.000001 USDT at 7.1 is 0.0000071 CNY: less than a fen.
    expect(convertMinorUnits(1, 6, '7.1', 2)).toBe(0);
    expect(convertMinorUnits(1_408, 6, '7.1', 2)).toBe(0);
    expect(convertMinorUnits(1_409, 6, '7.1', 2)).toBe(1);
    expect(convertMinorUnits(1_409_000, 6, '7.1', 2)).toBe(1_000);
  });

  it('refuses a malformed rate and an overflowing result', () => {
    expect(() => convertMinorUnits(1, 2, '7,1', 2)).toThrow(/not a decimal/);
    expect(() => convertMinorUnits(Number.MAX_SAFE_INTEGER, 0, '10', 0)).toThrow(/overflows/);
  });
});
