import { describe, expect, it } from 'vitest';
import { type CashOutLeg, cashOutOffer } from './cash-out';
import { MAX_BET_LEGS } from './settle-bet';
import { randomInteger, seededRandom } from './test-support';

const open = (placedOddsUnits: number, currentOddsUnits: number | null): CashOutLeg => ({
  placedOddsUnits,
  currentOddsUnits,
});

describe('cashOutOffer: singles (stake 100.00 = 10 000 minor units)', () => {
  it('offers the stake less the margin when the price has not moved', () => {
    expect(
      cashOutOffer({ stakeMinor: 10_000, legs: [open(19_500, 19_500)], marginUnits: 500 }),
    ).toEqual({ offerMinor: 9_500, valueMinor: 10_000 });
    expect(
      cashOutOffer({ stakeMinor: 10_000, legs: [open(19_500, 19_500)], marginUnits: 0 }),
    ).toEqual({ offerMinor: 10_000, valueMinor: 10_000 });
  });

  it('offers stake × placed / current, less the margin, once the price moves', () => {
    // Shortened from 2.00 to 1.50: 100.00 × 2 / 1.5 = 133.33…, less 2.5% = 130.00.
    expect(
      cashOutOffer({ stakeMinor: 10_000, legs: [open(20_000, 15_000)], marginUnits: 250 }),
    ).toEqual({ offerMinor: 13_000, valueMinor: 13_333 });
    // Drifted from 2.00 to 4.00: worth half the stake.
    expect(
      cashOutOffer({ stakeMinor: 10_000, legs: [open(20_000, 40_000)], marginUnits: 0 }),
    ).toEqual({ offerMinor: 5_000, valueMinor: 5_000 });
    // 100.00 × 1.95 / 1.30 = 150.00, less 3% = 145.50.
    expect(
      cashOutOffer({ stakeMinor: 10_000, legs: [open(19_500, 13_000)], marginUnits: 300 }),
    ).toEqual({ offerMinor: 14_550, valueMinor: 15_000 });
  });

  it('makes no offer while the market is suspended or the outcome unpriced', () => {
    expect(cashOutOffer({ stakeMinor: 10_000, legs: [open(19_500, null)], marginUnits: 0 })).toBe(
      null,
    );
    expect(cashOutOffer({ stakeMinor: 10_000, legs: [open(19_500, 0)], marginUnits: 0 })).toBe(
      null,
    );
  });

  it('makes no offer once the bet is decided', () => {
    for (const outcome of [
      { result: 'won' },
      { result: 'lost' },
      { result: 'won', voidFactor: 0.5 },
      'void',
    ] as const) {
      expect(
        cashOutOffer({
          stakeMinor: 10_000,
          legs: [{ ...open(19_500, 19_500), outcome }],
          marginUnits: 0,
        }),
      ).toBe(null);
    }
  });
});

describe('cashOutOffer: parlays (stake 10.00 = 1000 minor units)', () => {
  it('multiplies settled legs’ returns with open legs’ placed / current', () => {
    // Won at 1.80, the other leg shortened from 2.00 to 1.25: 10.00 × 1.8 × 1.6 = 28.80.
    const legs: CashOutLeg[] = [
      { ...open(18_000, null), outcome: { result: 'won' } },
      open(20_000, 12_500),
    ];
    expect(cashOutOffer({ stakeMinor: 1000, legs, marginUnits: 0 })).toEqual({
      offerMinor: 2_880,
      valueMinor: 2_880,
    });
    // A half-won leg counts (1.80 + 1) / 2 = 1.4: 10.00 × 1.4 × 1.6 = 22.40, less 5% = 21.28.
    legs[0] = { ...open(18_000, null), outcome: { result: 'won', voidFactor: 0.5 } };
    expect(cashOutOffer({ stakeMinor: 1000, legs, marginUnits: 500 })).toEqual({
      offerMinor: 2_128,
      valueMinor: 2_240,
    });
    // A void leg counts 1.
    legs[0] = { ...open(18_000, null), outcome: 'void' };
    expect(cashOutOffer({ stakeMinor: 1000, legs, marginUnits: 0 })?.offerMinor).toBe(1_600);
  });

  it('is the stake less the margin when no open leg has moved', () => {
    const legs = [open(19_500, 19_500), open(21_000, 21_000), open(34_000, 34_000)];
    expect(cashOutOffer({ stakeMinor: 1000, legs, marginUnits: 400 })).toEqual({
      offerMinor: 960,
      valueMinor: 1000,
    });
  });

  it('makes no offer when any open leg is suspended, or any leg lost', () => {
    expect(
      cashOutOffer({
        stakeMinor: 1000,
        legs: [open(19_500, 15_000), open(21_000, null)],
        marginUnits: 0,
      }),
    ).toBe(null);
    expect(
      cashOutOffer({
        stakeMinor: 1000,
        legs: [open(19_500, 15_000), { ...open(21_000, 21_000), outcome: { result: 'lost' } }],
        marginUnits: 0,
      }),
    ).toBe(null);
  });

  it('still offers when a settled leg’s market is closed (its current price is ignored)', () => {
    const legs: CashOutLeg[] = [
      { ...open(18_000, null), outcome: { result: 'lost', voidFactor: 0.5 } },
      open(20_000, 20_000),
    ];
    // 10.00 × 0.5 × 1 = 5.00
    expect(cashOutOffer({ stakeMinor: 1000, legs, marginUnits: 0 })?.offerMinor).toBe(500);
  });
});

describe('cashOutOffer: limits and rounding', () => {
  it('refuses impossible margins, prices and bets', () => {
    const legs = [open(19_500, 19_500)];
    expect(() => cashOutOffer({ stakeMinor: 1000, legs, marginUnits: 10_000 })).toThrow(RangeError);
    expect(() => cashOutOffer({ stakeMinor: 1000, legs, marginUnits: -1 })).toThrow(RangeError);
    expect(() => cashOutOffer({ stakeMinor: 1000, legs, marginUnits: 2.5 })).toThrow(RangeError);
    expect(() =>
      cashOutOffer({ stakeMinor: 1000, legs: [open(19_500, 9_000)], marginUnits: 0 }),
    ).toThrow(RangeError);
    expect(() => cashOutOffer({ stakeMinor: 1000, legs: [], marginUnits: 0 })).toThrow(RangeError);
    expect(() => cashOutOffer({ stakeMinor: 0, legs, marginUnits: 0 })).toThrow(RangeError);
  });

  it('rounds down, never above the exact value nor the bet’s best payout', () => {
    const random = seededRandom(7);
    for (let run = 0; run < 3000; run += 1) {
      const stakeMinor = randomInteger(random, 1, 10_000_000);
      const marginUnits = randomInteger(random, 0, 1_000);
      const legs = Array.from({ length: randomInteger(random, 1, MAX_BET_LEGS) }, () =>
        open(randomInteger(random, 10_100, 40_000), randomInteger(random, 10_000, 40_000)),
      );
      const offer = cashOutOffer({ stakeMinor, legs, marginUnits });
      if (offer === null) throw new Error('every leg is open and priced');
      let top = BigInt(stakeMinor) * BigInt(10_000 - marginUnits);
      let bottom = 10_000n;
      let bestPayoutTop = BigInt(stakeMinor);
      for (const leg of legs) {
        top *= BigInt(leg.placedOddsUnits);
        bottom *= BigInt(leg.currentOddsUnits ?? 0);
        bestPayoutTop *= BigInt(leg.placedOddsUnits);
      }
      const offerMinor = BigInt(offer.offerMinor);
      expect(offerMinor * bottom <= top).toBe(true);
      expect((offerMinor + 1n) * bottom > top).toBe(true);
      expect(offer.offerMinor <= offer.valueMinor).toBe(true);
      expect(offerMinor * 10_000n ** BigInt(legs.length) <= bestPayoutTop).toBe(true);
    }
  });
});
