import { describe, expect, it } from 'vitest';
import { countUpDurationMs, countUpMinorAt, countUpTextAt } from './count-up';

describe('the envelope amount counting up (SPEC §9)', () => {
  it('takes 2 s, from 0 to exactly the amount', () => {
    expect(countUpDurationMs).toBe(2_000);
    expect(countUpMinorAt(0, 123_456)).toBe(0);
    expect(countUpMinorAt(2_000, 123_456)).toBe(123_456);
    expect(countUpMinorAt(5_000, 123_456)).toBe(123_456);
  });

  it('rises fast and then slows, never going back or past the amount', () => {
    const amount = 888_888;
    const values = Array.from({ length: 201 }, (_, index) => countUpMinorAt(index * 10, amount));
    for (let index = 1; index < values.length; index += 1) {
      expect(values[index]).toBeGreaterThanOrEqual(values[index - 1] as number);
      expect(values[index]).toBeLessThanOrEqual(amount);
    }
    // easeOutExpo: half the amount in well under a tenth of the time, 99.9% by the end's approach.
    expect(countUpMinorAt(200, amount)).toBeGreaterThan(amount / 2);
    expect(countUpMinorAt(1_000, amount)).toBeGreaterThan(amount * 0.96);
    expect(countUpMinorAt(1_999, amount)).toBeLessThanOrEqual(amount);
  });

  it('writes every frame with comma grouping and 2 decimals, the last exactly', () => {
    expect(countUpTextAt(0, 1_234_567, 2)).toBe('0.00');
    expect(countUpTextAt(1_000, 1_234_567, 2)).toMatch(/^1\d,\d{3}\.\d{2}$/);
    expect(countUpTextAt(2_000, 1_234_567, 2)).toBe('12,345.67');
    // A currency of scale 6: the site shows 2 decimals of it, truncated.
    expect(countUpTextAt(2_000, 1_234_567_891, 6)).toBe('1,234.56');
  });

  it('treats a time before the start, or no time, as the start', () => {
    expect(countUpMinorAt(-5, 1_000)).toBe(0);
    expect(countUpMinorAt(Number.NaN, 1_000)).toBe(0);
  });
});
