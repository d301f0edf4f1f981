import { describe, expect, it } from 'vitest';
import { displayDateOf, formatDisplayTime } from '../../../lib/display-time';
import {
  chartGeometry,
  formatSignedAmount,
  formatWinRate,
  pageCountOf,
  rangeOfDays,
} from './records-format';

describe('records and statistics formatting', () => {
  it('uses display days four hours behind UTC', () => {
    expect(displayDateOf(Date.UTC(2026, 2, 10, 3, 59))).toBe('2026-03-09');
    expect(displayDateOf(Date.UTC(2026, 2, 10, 4, 0))).toBe('2026-03-10');
    expect(formatDisplayTime(Date.UTC(2026, 2, 10, 4, 5))).toBe('2026-03-10 00:05');
  });

  it('turns a day range into whole display days ending today, both ends inclusive', () => {
    const now = Date.UTC(2026, 2, 10, 2, 0); // still 9 March on display time
    expect(rangeOfDays(1, now)).toEqual({
      startDate: '2026-03-09',
      endDate: '2026-03-09',
      startTime: Date.UTC(2026, 2, 9, 4, 0),
      endTime: Date.UTC(2026, 2, 10, 4, 0) - 1,
    });
    const week = rangeOfDays(7, now);
    expect(week.startDate).toBe('2026-03-03');
    expect(week.endTime - week.startTime + 1).toBe(7 * 24 * 60 * 60 * 1000);
    const month = rangeOfDays(30, Date.UTC(2026, 2, 1, 12, 0));
    expect(month.startDate).toBe('2026-01-31');
    expect(month.endDate).toBe('2026-03-01');
  });

  it('signs results and keeps 2 decimals', () => {
    expect(formatSignedAmount(1250, 2)).toBe('+12.50');
    expect(formatSignedAmount(-300, 2)).toBe('-3.00');
    expect(formatSignedAmount(0, 2)).toBe('0.00');
    expect(formatSignedAmount(123_456_789, 2)).toBe('+1,234,567.89');
  });

  it('gives the win rate of decided bets to 5 significant digits', () => {
    expect(formatWinRate(2, 1)).toBe('66.667%');
    expect(formatWinRate(1, 0)).toBe('100%');
    expect(formatWinRate(0, 3)).toBe('0%');
  });

  it('has no win rate before a bet is won or lost, rather than 0%', () => {
    expect(formatWinRate(0, 0)).toBeNull();
  });

  it('counts pages, one at least', () => {
    expect(pageCountOf(0, 10)).toBe(1);
    expect(pageCountOf(10, 10)).toBe(1);
    expect(pageCountOf(11, 10)).toBe(2);
  });

  it('draws wins above and losses below one zero line, the largest reaching the edge', () => {
    const { bars, zeroY } = chartGeometry(
      [
        { date: '2026-03-01', result: 300 },
        { date: '2026-03-02', result: -100 },
        { date: '2026-03-03', result: 0 },
      ],
      300,
      200,
    );
    expect(zeroY).toBe(150);
    expect(bars[0]).toMatchObject({ y: 0, height: 150, isLoss: false });
    expect(bars[1]).toMatchObject({ y: 150, height: 50, isLoss: true });
    expect(bars[2]).toMatchObject({ height: 0 });
    expect(bars.map((bar) => Math.round(bar.x))).toEqual([15, 115, 215]);
    expect(bars[0]?.width).toBe(70);
  });

  it('puts the zero line in the middle of a range without results', () => {
    const { bars, zeroY } = chartGeometry([{ date: '2026-03-01', result: 0 }], 100, 80);
    expect(zeroY).toBe(40);
    expect(bars[0]?.height).toBe(0);
  });
});
