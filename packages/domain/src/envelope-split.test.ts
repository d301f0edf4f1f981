import { describe, expect, it } from 'vitest';
import {
  envelopeCommitment,
  envelopeDrawHolds,
  envelopeTermsProblem,
  splitEnvelopes,
} from './envelope-split';

const seed = 'a3'.repeat(32);
const otherSeed = '5c'.repeat(32);

describe('envelope split', () => {
  it('sums to the total exactly, each amount within its bounds, for many terms', () => {
    const cases = [
      { total: 10_000, count: 100, minAmount: 1, maxAmount: 10_000 },
      { total: 10_000, count: 100, minAmount: 100, maxAmount: 100 },
      { total: 9_999, count: 3, minAmount: 3_333, maxAmount: 3_333 },
      { total: 1_000_000, count: 7, minAmount: 10, maxAmount: 200_000 },
      { total: 500, count: 1, minAmount: 1, maxAmount: 500 },
      { total: 123_457, count: 1_000, minAmount: 50, maxAmount: 400 },
    ];
    for (const terms of cases) {
      for (const draw of [seed, otherSeed]) {
        const amounts = splitEnvelopes({ ...terms, seed: draw });
        expect(amounts).toHaveLength(terms.count);
        expect(amounts.reduce((sum, amount) => sum + amount, 0)).toBe(terms.total);
        for (const amount of amounts) {
          expect(Number.isSafeInteger(amount)).toBe(true);
          expect(amount).toBeGreaterThanOrEqual(terms.minAmount);
          expect(amount).toBeLessThanOrEqual(terms.maxAmount);
        }
      }
    }
  });

  it('draws the same amounts from the same seed and others from another', () => {
    const terms = { total: 50_000, count: 40, minAmount: 100, maxAmount: 5_000 };
    const first = splitEnvelopes({ ...terms, seed });
    expect(splitEnvelopes({ ...terms, seed })).toEqual(first);
    expect(splitEnvelopes({ ...terms, seed: otherSeed })).not.toEqual(first);
  });

  it('spreads the amounts narrower than cutting the total at random points would', () => {
    // Cut at 199 uniform points, the largest of 200 envelopes is near ln(200) ≈ 5.3 times the
    // mean; the double-mean split keeps it under 3 times.
    const terms = { total: 100_000, count: 200, minAmount: 1, maxAmount: 100_000 };
    const mean = terms.total / terms.count;
    for (const draw of [seed, otherSeed]) {
      const amounts = splitEnvelopes({ ...terms, seed: draw });
      expect(Math.max(...amounts)).toBeLessThan(3 * mean);
      // The amounts are spread, not all the mean.
      expect(new Set(amounts).size).toBeGreaterThan(50);
    }
  });

  it('refuses terms that cannot be split and names what is wrong', () => {
    expect(envelopeTermsProblem({ total: 99, count: 10, minAmount: 10, maxAmount: 20 })).toMatch(
      /count × minAmount/,
    );
    expect(envelopeTermsProblem({ total: 201, count: 10, minAmount: 10, maxAmount: 20 })).toMatch(
      /count × maxAmount/,
    );
    expect(envelopeTermsProblem({ total: 100, count: 10, minAmount: 20, maxAmount: 10 })).toMatch(
      /maxAmount/,
    );
    expect(() =>
      splitEnvelopes({ total: 100, count: 10, minAmount: 10, maxAmount: 10, seed: 'xyz' }),
    ).toThrow(/seed/);
  });

  it('holds only for the published seed, the drawn amounts and their commitment', () => {
    const terms = { total: 10_000, count: 25, minAmount: 100, maxAmount: 1_000, seed };
    const amounts = splitEnvelopes(terms);
    const commitment = envelopeCommitment(seed, amounts);
    expect(commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(envelopeDrawHolds(terms, amounts, commitment)).toBe(true);
    // Two different amounts swapped: the commitment no longer matches, and recommitting the
    // swapped list by hand does not make it what the seed draws.
    const other = amounts.findIndex((amount) => amount !== amounts[0]);
    expect(other).toBeGreaterThan(0);
    const swapped = [...amounts];
    [swapped[0], swapped[other]] = [swapped[other] as number, swapped[0] as number];
    expect(envelopeDrawHolds(terms, swapped, commitment)).toBe(false);
    expect(envelopeDrawHolds(terms, swapped, envelopeCommitment(seed, swapped))).toBe(false);
    // Another seed with the same amounts.
    expect(envelopeDrawHolds({ ...terms, seed: otherSeed }, amounts, commitment)).toBe(false);
  });
});
