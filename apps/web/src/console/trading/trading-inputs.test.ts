import { describe, expect, it } from 'vitest';
import {
  buildManualOutcomes,
  formatShare,
  parseDeadHeatFactor,
  parseMargin,
  parseShare,
} from './trading-inputs';

describe('shares typed as percentages', () => {
  it('reads percent with two decimals as ten-thousandths, on the digits', () => {
    expect(parseShare('50')).toBe(5_000);
    expect(parseShare('12.5')).toBe(1_250);
    expect(parseShare('0.29')).toBe(29);
    expect(parseShare('0.01')).toBe(1);
    expect(parseShare('100')).toBe(10_000);
  });

  it('refuses nothing, more than everything, three decimals and signs', () => {
    for (const text of ['', '0', '0.00', '100.01', '0.005', '-5', '5%', 'half'])
      expect(parseShare(text), text).toBeNull();
  });

  it('shows ten-thousandths as the percentage typed, without trailing zeros', () => {
    expect(formatShare(5_000)).toBe('50');
    expect(formatShare(1_250)).toBe('12.5');
    expect(formatShare(29)).toBe('0.29');
    expect(formatShare(10_000)).toBe('100');
    for (const share of [1, 7, 99, 101, 2_000, 3_333])
      expect(parseShare(formatShare(share))).toBe(share);
  });
});

describe('book margins typed in thousandths', () => {
  it('takes whole numbers from -50 to 200', () => {
    expect(parseMargin('40')).toBe(40);
    expect(parseMargin(' -50 ')).toBe(-50);
    expect(parseMargin('200')).toBe(200);
    expect(parseMargin('0')).toBe(0);
    for (const text of ['', '201', '-51', '4.5', '1e2', '+5'])
      expect(parseMargin(text), text).toBeNull();
  });
});

describe('settlement by hand', () => {
  it('reads dead-heat factors above 0 and at most 1', () => {
    expect(parseDeadHeatFactor('0.5')).toBe(0.5);
    expect(parseDeadHeatFactor('0.6667')).toBe(0.6667);
    expect(parseDeadHeatFactor('1')).toBe(1);
    for (const text of ['0', '0.0', '1.5', '2', '1/2', '.5', '0.12345'])
      expect(parseDeadHeatFactor(text), text).toBeNull();
  });

  it('builds the outcomes, a dead heat only with a win', () => {
    expect(
      buildManualOutcomes([
        { outcomeId: '1', result: 'won', deadHeatText: '0.5' },
        { outcomeId: '2', result: 'won', deadHeatText: '' },
        { outcomeId: '3', result: 'lost', deadHeatText: '0.5' },
        { outcomeId: '4', result: 'half_won', deadHeatText: '' },
      ]),
    ).toEqual({
      ok: true,
      outcomes: [
        { outcomeId: '1', result: 'won', deadHeatFactor: 0.5 },
        { outcomeId: '2', result: 'won' },
        { outcomeId: '3', result: 'lost' },
        { outcomeId: '4', result: 'half_won' },
      ],
    });
  });

  it('names the first outcome without a result or with a bad factor', () => {
    expect(
      buildManualOutcomes([
        { outcomeId: '1', result: 'won', deadHeatText: '' },
        { outcomeId: '2', result: '', deadHeatText: '' },
      ]),
    ).toEqual({ ok: false, problem: 'resultMissing', outcomeId: '2' });
    expect(buildManualOutcomes([{ outcomeId: '1', result: 'won', deadHeatText: '1.2' }])).toEqual({
      ok: false,
      problem: 'deadHeatInvalid',
      outcomeId: '1',
    });
  });
});
