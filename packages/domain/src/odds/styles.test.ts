import { describe, expect, it } from 'vitest';
import { convertOdds, formatOdds, OddsStyle, oddsInAllStyles } from './styles';

describe('odds styles', () => {
  it('converts 1.50 to every style', () => {
    expect(oddsInAllStyles(1.5)).toEqual({ o: 1.5, oa: 0.5, om: 0.5, od: -2, us: -200 });
    expect(formatOdds(1.5, OddsStyle.Indonesian)).toBe('-2.00');
    expect(formatOdds(1.5, OddsStyle.American)).toBe('-200');
  });

  it('converts 2.50 to every style', () => {
    expect(oddsInAllStyles(2.5)).toEqual({ o: 2.5, oa: 1.5, om: -0.67, od: 1.5, us: 150 });
    expect(formatOdds(2.5, OddsStyle.Malay)).toBe('-0.67');
    expect(formatOdds(2.5, OddsStyle.American)).toBe('+150');
    expect(formatOdds(2.5, OddsStyle.HongKong)).toBe('1.50');
  });

  it('meets at evens and stays sane at the extremes', () => {
    expect(oddsInAllStyles(2)).toEqual({ o: 2, oa: 1, om: 1, od: 1, us: 100 });
    expect(oddsInAllStyles(1.01)).toEqual({ o: 1.01, oa: 0.01, om: 0.01, od: -100, us: -10000 });
    expect(oddsInAllStyles(1.91)).toEqual({ o: 1.91, oa: 0.91, om: 0.91, od: -1.1, us: -110 });
    expect(oddsInAllStyles(501)).toEqual({ o: 501, oa: 500, om: -0.01, od: 500, us: 50000 });
  });

  it('rounds the decimal to what the member sees before converting', () => {
    expect(convertOdds(1.9149, OddsStyle.Decimal)).toBe(1.91);
    expect(convertOdds(1.9151, OddsStyle.HongKong)).toBe(0.92);
    expect(formatOdds(3, OddsStyle.Decimal)).toBe('3.00');
  });

  it('answers a remembered price as a fresh conversion would, for any decimal of the same cents', () => {
    const stylesOf = (decimal: number) => ({
      o: convertOdds(decimal, OddsStyle.Decimal),
      oa: convertOdds(decimal, OddsStyle.HongKong),
      om: convertOdds(decimal, OddsStyle.Malay),
      od: convertOdds(decimal, OddsStyle.Indonesian),
      us: convertOdds(decimal, OddsStyle.American),
    });
    const first = oddsInAllStyles(2.5);
    expect(oddsInAllStyles(2.504)).toBe(first);
    expect(oddsInAllStyles(2.4951)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(oddsInAllStyles(2.506)).toEqual(stylesOf(2.51));
    // More distinct prices than are remembered: the memory starts afresh and stays right.
    for (let cents = 101; cents <= 60_101; cents += 1) oddsInAllStyles(cents / 100);
    for (const decimal of [1.01, 1.15, 1.9151, 2.5, 3.333, 17.5, 600.01])
      expect(oddsInAllStyles(decimal)).toEqual(stylesOf(decimal));
  });

  it('leaves outright plays (21000 and above) unconverted with two decimals', () => {
    for (const style of [0, 1, 2, 3, 4] as const) {
      expect(convertOdds(1.5, style, 21000)).toBe(1.5);
      expect(formatOdds(1.5, style, 21001)).toBe('1.50');
      expect(formatOdds(12, style, 21000)).toBe('12.00');
    }
    expect(oddsInAllStyles(7.255, 21000)).toEqual({
      o: 7.26,
      oa: 7.26,
      om: 7.26,
      od: 7.26,
      us: 7.26,
    });
    expect(convertOdds(1.5, OddsStyle.American, 20999)).toBe(-200);
  });

  it('mirrors Malay and Indonesian around evens', () => {
    for (const decimal of [1.2, 1.35, 1.8, 2.2, 3.4, 6]) {
      const hk = convertOdds(decimal, OddsStyle.HongKong);
      const malay = convertOdds(decimal, OddsStyle.Malay);
      const indo = convertOdds(decimal, OddsStyle.Indonesian);
      if (hk < 1) expect(malay).toBe(hk);
      else expect(indo).toBe(hk);
      expect(Math.sign(malay) * Math.sign(indo)).toBe(decimal === 2 ? 1 : -1);
    }
  });
});
