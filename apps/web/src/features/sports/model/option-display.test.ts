import { OddsStyle } from '@sb/domain';
import { describe, expect, it } from 'vitest';
import { optionPriceText, optionTone } from './option-display';

describe('option display', () => {
  it('shows an open price in each style', () => {
    const option = { s: 0, o: 2.5, md: 1 };
    expect(optionPriceText(option, OddsStyle.Decimal)).toBe('2.50');
    expect(optionPriceText(option, OddsStyle.HongKong)).toBe('1.50');
    expect(optionPriceText(option, OddsStyle.Malay)).toBe('-0.67');
    expect(optionPriceText(option, OddsStyle.Indonesian)).toBe('1.50');
    expect(optionPriceText(option, OddsStyle.American)).toBe('+150');
  });

  it('shows a short price in the negative styles', () => {
    const option = { s: 0, o: 1.5, md: 2 };
    expect(optionPriceText(option, OddsStyle.Indonesian)).toBe('-2.00');
    expect(optionPriceText(option, OddsStyle.American)).toBe('-200');
    expect(optionPriceText(option, OddsStyle.Malay)).toBe('0.50');
  });

  it('keeps outright prices as two-place decimals in every style', () => {
    const option = { s: 0, o: 7.25, md: 21000 };
    for (const style of [0, 1, 2, 3, 4] as const)
      expect(optionPriceText(option, style)).toBe('7.25');
  });

  it('shows a blank for an option that is not open or has no price', () => {
    for (const s of [1, 2, 3, 4, 5]) expect(optionPriceText({ s, o: 1.9, md: 1 }, 0)).toBe('');
    expect(optionPriceText({ s: 0, o: 0, md: 1 }, OddsStyle.Decimal)).toBe('');
  });

  it('colours checked over a move, and a move by its direction', () => {
    expect(optionTone(true, 1)).toBe('checked');
    expect(optionTone(false, 1)).toBe('up');
    expect(optionTone(false, -1)).toBe('down');
    expect(optionTone(false, undefined)).toBe('plain');
  });
});
