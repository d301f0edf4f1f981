import { describe, expect, it } from 'vitest';
import { addRatios, multiplyRatios, type Ratio, ratio } from './ratio';
import {
  outcomeFromFeed,
  type SelectionOutcome,
  type SelectionResult,
  settleSelection,
} from './settle-selection';
import { lineOutcome } from './test-support';

/** The exact return per unit of stake as a plain ratio, for readable expectations. */
function returned(outcome: SelectionOutcome, oddsUnits: number): Ratio {
  return multiplyRatios(settleSelection(outcome, oddsUnits).returnFactorUnits, ratio(1, 10_000));
}

describe('settleSelection', () => {
  it('returns odds on a win, nothing on a loss and the stake on a void', () => {
    expect(settleSelection({ result: 'won' }, 19_500)).toEqual({
      result: 'won',
      returnFactorUnits: ratio(19_500),
    });
    expect(settleSelection({ result: 'lost' }, 19_500)).toEqual({
      result: 'lost',
      returnFactorUnits: ratio(0),
    });
    expect(settleSelection({ result: 'lost', voidFactor: 1 }, 19_500)).toEqual({
      result: 'void',
      returnFactorUnits: ratio(10_000),
    });
    // A void refunds the stake even if the feed also marks the outcome won.
    expect(settleSelection({ result: 'won', voidFactor: 1 }, 19_500).returnFactorUnits).toEqual(
      ratio(10_000),
    );
  });

  it('pays half the stake at odds and refunds the other half on a half win', () => {
    // (1.95 + 1) / 2 = 1.475
    expect(settleSelection({ result: 'won', voidFactor: 0.5 }, 19_500)).toEqual({
      result: 'half_won',
      returnFactorUnits: ratio(14_750),
    });
    // (1.9525 + 1) / 2 = 1.47625 is not a whole ten-thousandth, and stays exact.
    expect(settleSelection({ result: 'won', voidFactor: 0.5 }, 19_525).returnFactorUnits).toEqual(
      ratio(29_525, 2),
    );
  });

  it('refunds half the stake on a half loss, whatever the odds', () => {
    for (const oddsUnits of [10_100, 19_500, 19_525, 500_000]) {
      expect(settleSelection({ result: 'lost', voidFactor: 0.5 }, oddsUnits)).toEqual({
        result: 'half_lost',
        returnFactorUnits: ratio(5_000),
      });
    }
  });

  it('pays odds times the factor in a dead heat', () => {
    // Two share first place at 4.00: half the stake wins at 4.00, the other half loses.
    expect(settleSelection({ result: 'won', deadHeatFactor: 0.5 }, 40_000)).toEqual({
      result: 'dead_heat',
      returnFactorUnits: ratio(20_000),
    });
    // Three share it at 3.00: the stake back, exactly, whether sent as 1/3 or 0.333333.
    expect(returned({ result: 'won', deadHeatFactor: 0.333333 }, 30_000)).toEqual(ratio(1));
    expect(returned({ result: 'won', deadHeatFactor: 1 / 3 }, 30_000)).toEqual(ratio(1));
    // A third of a win at 2.50 returns less than the stake: 2.5 / 3.
    expect(returned({ result: 'won', deadHeatFactor: 0.333333 }, 25_000)).toEqual(ratio(5, 6));
    // Three tied for two places: 2/3 each, sent as 0.666667.
    expect(returned({ result: 'won', deadHeatFactor: 0.666667 }, 45_000)).toEqual(ratio(3));
    // A factor of 1 is a plain win; a dead-heat factor on a lost outcome changes nothing.
    expect(settleSelection({ result: 'won', deadHeatFactor: 1 }, 30_000).result).toBe('won');
    expect(returned({ result: 'lost', deadHeatFactor: 0.5 }, 30_000)).toEqual(ratio(0));
  });

  it('follows the feed formula (1 − v) × result × odds × f + v for every combination', () => {
    for (const voidFactor of [0, 0.5, 1] as const) {
      for (const result of ['won', 'lost'] as const) {
        for (const [factor, exact] of [
          [1, ratio(1)],
          [0.5, ratio(1, 2)],
          [0.333333, ratio(1, 3)],
          [0.25, ratio(1, 4)],
        ] as const) {
          const expected = addRatios(
            multiplyRatios(
              ratio(2 - voidFactor * 2, 2),
              result === 'won' ? multiplyRatios(ratio(21_700, 10_000), exact) : ratio(0),
            ),
            ratio(voidFactor * 2, 2),
          );
          expect(returned({ result, voidFactor, deadHeatFactor: factor }, 21_700)).toEqual(
            expected,
          );
        }
      }
    }
  });

  it('refuses what the feed never sends', () => {
    expect(() => settleSelection({ result: 'won', voidFactor: 0.3 }, 19_500)).toThrow(RangeError);
    expect(() => settleSelection({ result: 'won', deadHeatFactor: 0 }, 19_500)).toThrow(RangeError);
    expect(() => settleSelection({ result: 'won', deadHeatFactor: 1.5 }, 19_500)).toThrow(
      RangeError,
    );
    expect(() => settleSelection({ result: 'won' }, 9_999)).toThrow(RangeError);
    expect(() => settleSelection({ result: 'won' }, 19_500.5)).toThrow(RangeError);
    expect(() => settleSelection({ result: 'push' as 'won' }, 19_500)).toThrow(RangeError);
  });

  it('reads the feed’s per-outcome results', () => {
    expect(outcomeFromFeed({ result: 1, voidFactor: 0 })).toEqual({ result: 'won', voidFactor: 0 });
    expect(outcomeFromFeed({ result: 0, voidFactor: 0.5 })).toEqual({
      result: 'lost',
      voidFactor: 0.5,
    });
    expect(outcomeFromFeed({ result: 1, voidFactor: 0, deadHeatFactor: 0.5 })).toEqual({
      result: 'won',
      voidFactor: 0,
      deadHeatFactor: 0.5,
    });
  });
});

/** 100.00 in a currency with two decimals. */
const STAKE_MINOR = 10_000;

/** The result and exact payout in minor units of STAKE_MINOR on a line, at 1.95 by default. */
function payoutOnLine(line: number, margin: number, oddsUnits = 19_500): [SelectionResult, Ratio] {
  const { result, returnFactorUnits } = settleSelection(lineOutcome(line, margin), oddsUnits);
  return [result, multiplyRatios(returnFactorUnits, ratio(STAKE_MINOR, 10_000))];
}

describe('Asian quarter lines (stake 100.00 at 1.95, home handicap, margin = home − away)', () => {
  it.each([
    // home −0.25: half on 0, half on −0.5
    [-0.25, 1, 'won', 19_500],
    [-0.25, 0, 'half_lost', 5_000],
    [-0.25, -1, 'lost', 0],
    // home −0.75: half on −0.5, half on −1
    [-0.75, 2, 'won', 19_500],
    [-0.75, 1, 'half_won', 14_750],
    [-0.75, 0, 'lost', 0],
    [-0.75, -1, 'lost', 0],
    // home +0.25: half on 0, half on +0.5
    [0.25, 1, 'won', 19_500],
    [0.25, 0, 'half_won', 14_750],
    [0.25, -1, 'lost', 0],
    // home +0.75: half on +0.5, half on +1
    [0.75, 0, 'won', 19_500],
    [0.75, -1, 'half_lost', 5_000],
    [0.75, -2, 'lost', 0],
    // home −1 (a whole line): a one-goal win is a push
    [-1, 2, 'won', 19_500],
    [-1, 1, 'void', 10_000],
    [-1, 0, 'lost', 0],
    // home 0 (draw no bet)
    [0, 0, 'void', 10_000],
    // home −1.25 and −1.75
    [-1.25, 2, 'won', 19_500],
    [-1.25, 1, 'half_lost', 5_000],
    [-1.75, 3, 'won', 19_500],
    [-1.75, 2, 'half_won', 14_750],
    [-1.75, 1, 'lost', 0],
    // a half line never splits
    [-0.5, 1, 'won', 19_500],
    [-0.5, 0, 'lost', 0],
  ] as const)('line %d, margin %d: %s, pays %d', (line, margin, result, payoutMinor) => {
    expect(payoutOnLine(line, margin)).toEqual([result, ratio(payoutMinor)]);
  });

  it.each([
    // over 2.25 is half on over 2 and half on over 2.5; goals − total is the margin
    ['over', 2.25, 3, 'won', 19_000],
    ['over', 2.25, 2, 'half_lost', 5_000],
    ['over', 2.25, 1, 'lost', 0],
    ['under', 2.25, 2, 'half_won', 14_500],
    ['under', 2.25, 1, 'won', 19_000],
    ['over', 2.75, 4, 'won', 19_000],
    ['over', 2.75, 3, 'half_won', 14_500],
    ['over', 2.75, 2, 'lost', 0],
    ['under', 2.75, 3, 'half_lost', 5_000],
    ['over', 2, 2, 'void', 10_000],
  ] as const)(
    '%s %d with %d goals at 1.90: %s, pays %d',
    (side, total, goals, result, payoutMinor) => {
      const [line, margin] = side === 'over' ? [-total, goals] : [total, -goals];
      expect(payoutOnLine(line, margin, 19_000)).toEqual([result, ratio(payoutMinor)]);
    },
  );

  const quarterAndWholeLines = Array.from({ length: 25 }, (_, index) => (index - 12) / 4);
  const margins = Array.from({ length: 11 }, (_, index) => index - 5);

  it('settles a quarter line as two half stakes on the neighbouring lines', () => {
    for (const line of quarterAndWholeLines.filter((value) => Math.abs((value * 4) % 2) === 1)) {
      for (const margin of margins) {
        const whole = settleSelection(lineOutcome(line, margin), 19_300).returnFactorUnits;
        const lower = settleSelection(lineOutcome(line - 0.25, margin), 19_300).returnFactorUnits;
        const upper = settleSelection(lineOutcome(line + 0.25, margin), 19_300).returnFactorUnits;
        expect(whole).toEqual(multiplyRatios(addRatios(lower, upper), ratio(1, 2)));
      }
    }
  });

  it('gives the away side the mirror result of the home side', () => {
    const mirror: Record<SelectionResult, SelectionResult> = {
      won: 'lost',
      lost: 'won',
      half_won: 'half_lost',
      half_lost: 'half_won',
      void: 'void',
      dead_heat: 'dead_heat',
    };
    for (const line of quarterAndWholeLines) {
      for (const margin of margins) {
        const home = settleSelection(lineOutcome(line, margin), 19_500).result;
        const away = settleSelection(lineOutcome(-line, -margin), 19_500).result;
        expect(away).toBe(mirror[home]);
      }
    }
  });
});
