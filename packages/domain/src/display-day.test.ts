import { describe, expect, it } from 'vitest';
import { dateOfDisplayDay, displayDayOf, displayDayOfDate, displayDayStartMs } from './display-day';

describe('display days (UTC−4)', () => {
  it('start at 04:00 UTC: an instant before belongs to the day before', () => {
    const start = Date.UTC(2026, 10, 28, 4, 0);
    const day = displayDayOf(start);
    expect(dateOfDisplayDay(day)).toBe('2026-11-28');
    expect(dateOfDisplayDay(displayDayOf(start - 1))).toBe('2026-11-27');
    expect(displayDayStartMs(day)).toBe(start);
  });

  it('read a date back as the same day', () => {
    for (const date of ['1970-01-01', '2026-02-28', '2028-02-29', '2026-12-31'])
      expect(dateOfDisplayDay(displayDayOfDate(date))).toBe(date);
    expect(displayDayOfDate('2026-11-29') - displayDayOfDate('2026-11-28')).toBe(1);
  });
});
