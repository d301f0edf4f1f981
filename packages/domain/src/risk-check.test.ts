import { describe, expect, it } from 'vitest';
import { isRiskFlagged } from './risk-check';

describe('the risk check (SPEC §5)', () => {
  it('flags an amount at or above riskAmount when both have the same decimals', () => {
    const check = (amountMinor: number) =>
      isRiskFlagged({ amountMinor, scale: 2, riskAmount: 100_000, precision: 2 });
    expect(check(99_999)).toBe(false);
    expect(check(100_000)).toBe(true);
    expect(check(250_000)).toBe(true);
  });

  it('flags nothing while riskAmount is 0 or below, or the amount is not a positive whole', () => {
    expect(isRiskFlagged({ amountMinor: 10 ** 12, scale: 2, riskAmount: 0, precision: 2 })).toBe(
      false,
    );
    expect(isRiskFlagged({ amountMinor: 500, scale: 2, riskAmount: -1, precision: 2 })).toBe(false);
    expect(isRiskFlagged({ amountMinor: 0, scale: 2, riskAmount: 1, precision: 2 })).toBe(false);
    expect(isRiskFlagged({ amountMinor: 1.5, scale: 2, riskAmount: 1, precision: 2 })).toBe(false);
  });

  it('scales the amount to the configured precision exactly, up or down', () => {
    // 1000.00 in a 6-decimal currency is 1000000000 minor units; riskAmount 100000 at 2 places.
    expect(
      isRiskFlagged({ amountMinor: 1_000_000_000, scale: 6, riskAmount: 100_000, precision: 2 }),
    ).toBe(true);
    expect(
      isRiskFlagged({ amountMinor: 999_999_999, scale: 6, riskAmount: 100_000, precision: 2 }),
    ).toBe(false);
    // Precision 0: riskAmount counts whole units; 999.99 is below 1000, 1000.00 is not.
    expect(isRiskFlagged({ amountMinor: 99_999, scale: 2, riskAmount: 1_000, precision: 0 })).toBe(
      false,
    );
    expect(isRiskFlagged({ amountMinor: 100_000, scale: 2, riskAmount: 1_000, precision: 0 })).toBe(
      true,
    );
    // Precision above the currency's scale: 0.01 at 4 places is 100.
    expect(isRiskFlagged({ amountMinor: 1, scale: 2, riskAmount: 100, precision: 4 })).toBe(true);
    expect(isRiskFlagged({ amountMinor: 1, scale: 2, riskAmount: 101, precision: 4 })).toBe(false);
  });
});
