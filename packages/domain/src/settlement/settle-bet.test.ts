import { describe, expect, it } from 'vitest';
import { ratio } from './ratio';
import {
  type BetLeg,
  isAcceptedInCancelWindow,
  type LegState,
  MAX_BET_LEGS,
  settleBet,
} from './settle-bet';
import { lineOutcome, randomInteger, seededRandom } from './test-support';

const won: LegState = { result: 'won' };
const lost: LegState = { result: 'lost' };
const halfWon: LegState = { result: 'won', voidFactor: 0.5 };
const halfLost: LegState = { result: 'lost', voidFactor: 0.5 };

function payoutOf(stakeMinor: number, legs: BetLeg[]): number | 'open' {
  const settlement = settleBet({ stakeMinor, legs });
  return settlement.state === 'open' ? 'open' : settlement.payoutMinor;
}

describe('settleBet: singles (stake 10.00 = 1000 minor units)', () => {
  it.each([
    [won, 'won', 1950],
    [lost, 'lost', 0],
    ['void', 'void', 1000],
    [halfWon, 'half_won', 1475],
    [halfLost, 'half_lost', 500],
    [{ result: 'won', deadHeatFactor: 0.5 }, 'dead_heat', 975],
  ] as const)('%j at 1.95 is %s and pays %d', (outcome, result, payoutMinor) => {
    expect(settleBet({ stakeMinor: 1000, legs: [{ oddsUnits: 19_500, outcome }] })).toMatchObject({
      state: 'settled',
      result,
      payoutMinor,
    });
  });

  it('stays open until its leg is settled', () => {
    expect(settleBet({ stakeMinor: 1000, legs: [{ oddsUnits: 19_500, outcome: 'open' }] })).toEqual(
      { state: 'open' },
    );
  });

  it('pays a dead heat of 1/3 at 3.00 back the stake exactly, and rounds 2.50 down', () => {
    const third = { result: 'won', deadHeatFactor: 0.333333 } as const;
    expect(payoutOf(1000, [{ oddsUnits: 30_000, outcome: third }])).toBe(1000);
    // 10.00 × 2.50 / 3 = 8.333… → 8.33
    expect(payoutOf(1000, [{ oddsUnits: 25_000, outcome: third }])).toBe(833);
    // 1.00 × 7.00 / 3 = 2.333… → 2.33
    expect(payoutOf(100, [{ oddsUnits: 70_000, outcome: third }])).toBe(233);
  });
});

describe('settleBet: parlays', () => {
  it('multiplies the legs’ odds', () => {
    // 10.00 × 1.95 × 2.10 = 40.95
    const legs = [
      { oddsUnits: 19_500, outcome: won },
      { oddsUnits: 21_000, outcome: won },
    ];
    expect(settleBet({ stakeMinor: 1000, legs })).toEqual({
      state: 'settled',
      result: 'won',
      payoutMinor: 4095,
      returnPerStake: ratio(4095, 1000),
    });
  });

  it('counts a void or cancelled leg at odds 1', () => {
    const legs = [
      { oddsUnits: 19_500, outcome: won },
      { oddsUnits: 35_000, outcome: 'void' },
      { oddsUnits: 21_000, outcome: won },
    ] as const;
    expect(settleBet({ stakeMinor: 1000, legs: [...legs] })).toMatchObject({
      result: 'won',
      payoutMinor: 4095,
    });
    // A push (void factor 1) is the same as a cancelled leg.
    const pushed = legs.map((leg, index) =>
      index === 1 ? { ...leg, outcome: lineOutcome(-1, 1) } : leg,
    );
    expect(payoutOf(1000, pushed)).toBe(4095);
  });

  it('refunds the stake when every leg is void', () => {
    const legs = [
      { oddsUnits: 19_500, outcome: 'void' },
      { oddsUnits: 21_000, outcome: 'void' },
    ] as const;
    expect(settleBet({ stakeMinor: 1000, legs: [...legs] })).toMatchObject({
      result: 'void',
      payoutMinor: 1000,
    });
  });

  it('multiplies half results in as their return factors', () => {
    // 10.00 × (1.95 + 1) / 2 × 2.00 = 29.50
    expect(
      settleBet({
        stakeMinor: 1000,
        legs: [
          { oddsUnits: 19_500, outcome: halfWon },
          { oddsUnits: 20_000, outcome: won },
        ],
      }),
    ).toMatchObject({ result: 'partly', payoutMinor: 2950 });
    // 10.00 × 0.5 × 2.00 = 10.00
    expect(
      payoutOf(1000, [
        { oddsUnits: 19_500, outcome: halfLost },
        { oddsUnits: 20_000, outcome: won },
      ]),
    ).toBe(1000);
    // 10.00 × 0.5 × 0.5 × (1.90 + 1) / 2 = 3.625 → 3.62
    expect(
      payoutOf(1000, [
        { oddsUnits: 19_500, outcome: halfLost },
        { oddsUnits: 20_000, outcome: halfLost },
        { oddsUnits: 19_000, outcome: halfWon },
      ]),
    ).toBe(362);
  });

  it('takes the one counted leg’s result when the others are void', () => {
    expect(
      settleBet({
        stakeMinor: 1000,
        legs: [
          { oddsUnits: 19_500, outcome: halfWon },
          { oddsUnits: 20_000, outcome: 'void' },
        ],
      }),
    ).toMatchObject({ result: 'half_won', payoutMinor: 1475 });
  });

  it('is lost as soon as one leg loses, even with legs still open', () => {
    expect(
      settleBet({
        stakeMinor: 1000,
        legs: [
          { oddsUnits: 19_500, outcome: 'open' },
          { oddsUnits: 20_000, outcome: lost },
          { oddsUnits: 21_000, outcome: 'open' },
        ],
      }),
    ).toEqual({ state: 'settled', result: 'lost', payoutMinor: 0, returnPerStake: ratio(0) });
  });

  it('stays open while a leg is open and none has lost, half losses included', () => {
    expect(
      payoutOf(1000, [
        { oddsUnits: 19_500, outcome: halfLost },
        { oddsUnits: 20_000, outcome: 'open' },
      ]),
    ).toBe('open');
  });

  it('recomputes after a rollback and a resettlement', () => {
    const legs: BetLeg[] = [
      { oddsUnits: 19_500, outcome: won },
      { oddsUnits: 20_000, outcome: won },
    ];
    expect(payoutOf(1000, legs)).toBe(3900);
    // rollback_bet_settlement on the second market: the bet is open again.
    const rolledBack = [legs[0] as BetLeg, { oddsUnits: 20_000, outcome: 'open' as const }];
    expect(payoutOf(1000, rolledBack)).toBe('open');
    // The new settlement says half won: 29.25, so the ledger takes back 39.00 − 29.25 = 9.75.
    const resettled = [legs[0] as BetLeg, { oddsUnits: 20_000, outcome: halfWon }];
    expect(payoutOf(1000, resettled)).toBe(2925);
  });
});

describe('settleBet: limits', () => {
  it('refuses bets that cannot exist', () => {
    const leg = { oddsUnits: 19_500, outcome: won };
    expect(() => settleBet({ stakeMinor: 1000, legs: [] })).toThrow(RangeError);
    expect(() => settleBet({ stakeMinor: 1000, legs: Array(MAX_BET_LEGS + 1).fill(leg) })).toThrow(
      RangeError,
    );
    expect(() => settleBet({ stakeMinor: 0, legs: [leg] })).toThrow(RangeError);
    expect(() => settleBet({ stakeMinor: 10.5, legs: [leg] })).toThrow(RangeError);
    expect(() =>
      settleBet({ stakeMinor: 1000, legs: [{ oddsUnits: 5_000, outcome: 'open' }] }),
    ).toThrow(RangeError);
  });

  it('refuses a payout beyond a safe integer instead of losing precision', () => {
    const legs = Array(MAX_BET_LEGS).fill({ oddsUnits: 1_000_000, outcome: won });
    expect(() => settleBet({ stakeMinor: 1_000_000, legs })).toThrow(RangeError);
  });
});

describe('isAcceptedInCancelWindow', () => {
  it('voids every bet without a window and bets in [start, end) with one', () => {
    expect(isAcceptedInCancelWindow(5, {})).toBe(true);
    expect(isAcceptedInCancelWindow(10, { startTime: 10, endTime: 20 })).toBe(true);
    expect(isAcceptedInCancelWindow(19, { startTime: 10, endTime: 20 })).toBe(true);
    expect(isAcceptedInCancelWindow(20, { startTime: 10, endTime: 20 })).toBe(false);
    expect(isAcceptedInCancelWindow(9, { startTime: 10, endTime: 20 })).toBe(false);
    expect(isAcceptedInCancelWindow(9, { endTime: 20 })).toBe(true);
    expect(isAcceptedInCancelWindow(25, { startTime: 10 })).toBe(true);
  });
});

describe('settleBet: rounding against a BigInt reference', () => {
  /** Dead-heat factors as the feed sends them, with the fractions they stand for. */
  const deadHeats = [
    [0.5, 1n, 2n],
    [0.333333, 1n, 3n],
    [0.666667, 2n, 3n],
    [0.25, 1n, 4n],
    [0.75, 3n, 4n],
    [0.2, 1n, 5n],
  ] as const;

  /**
   * Per leg: [(2 − 2v) × won × odds × p + 2v × 10000 × q] / [2 × 10000 × q], multiplied without
   * reducing, so it shares no code with the ratio helpers.
   */
  function randomLeg(random: () => number): { leg: BetLeg; top: bigint; bottom: bigint } {
    const oddsUnits =
      random() < 0.9
        ? randomInteger(random, 10_000, 60_000)
        : randomInteger(random, 10_000, 500_000);
    const roll = random();
    if (roll < 0.1) return { leg: { oddsUnits, outcome: 'void' }, top: 1n, bottom: 1n };
    if (roll < 0.2) return { leg: { oddsUnits, outcome: 'open' }, top: 1n, bottom: 1n };
    const isWon = random() < 0.75;
    const voidHalves = randomInteger(random, 0, 2);
    const deadHeat = random() < 0.2 ? deadHeats[randomInteger(random, 0, 5)] : undefined;
    const [p, q] = deadHeat ? [deadHeat[1], deadHeat[2]] : [1n, 1n];
    const outcome: LegState = { result: isWon ? 'won' : 'lost', voidFactor: voidHalves / 2 };
    if (deadHeat) outcome.deadHeatFactor = deadHeat[0];
    const winTop = isWon ? BigInt(2 - voidHalves) * BigInt(oddsUnits) * p : 0n;
    const top = winTop + BigInt(voidHalves) * 10_000n * q;
    return { leg: { oddsUnits, outcome }, top, bottom: 20_000n * q };
  }

  it('never pays more than the exact value, nor a minor unit less', () => {
    const random = seededRandom(20_240_601);
    const counts = { tooLarge: 0, lost: 0, open: 0, paid: 0 };
    for (let run = 0; run < 5000; run += 1) {
      const stakeMinor = randomInteger(random, 1, random() < 0.5 ? 10_000 : 1_000_000_000);
      const drawn = Array.from({ length: randomInteger(random, 1, MAX_BET_LEGS) }, () =>
        randomLeg(random),
      );
      const legs = drawn.map((entry) => entry.leg);
      const exactTop = drawn.reduce((product, entry) => product * entry.top, BigInt(stakeMinor));
      const exactBottom = drawn.reduce((product, entry) => product * entry.bottom, 1n);
      if (exactTop / exactBottom > BigInt(Number.MAX_SAFE_INTEGER)) {
        expect(() => settleBet({ stakeMinor, legs })).toThrow(RangeError);
        counts.tooLarge += 1;
        continue;
      }
      const settlement = settleBet({ stakeMinor, legs });
      const isOpen = legs.some((leg) => leg.outcome === 'open');
      if (exactTop === 0n) {
        expect(settlement).toMatchObject({ state: 'settled', result: 'lost', payoutMinor: 0 });
        counts.lost += 1;
      } else if (isOpen) {
        expect(settlement).toEqual({ state: 'open' });
        counts.open += 1;
      } else {
        if (settlement.state !== 'settled') throw new Error('expected a settled bet');
        const payout = BigInt(settlement.payoutMinor);
        expect(payout * exactBottom <= exactTop).toBe(true);
        expect((payout + 1n) * exactBottom > exactTop).toBe(true);
        expect(settlement.returnPerStake).toEqual(
          ratio(exactTop, exactBottom * BigInt(stakeMinor)),
        );
        counts.paid += 1;
      }
    }
    // The draw must keep exercising every branch, or this test proves little.
    expect(counts.paid).toBeGreaterThan(1000);
    expect(counts.lost).toBeGreaterThan(500);
    expect(counts.open).toBeGreaterThan(500);
  });
});
