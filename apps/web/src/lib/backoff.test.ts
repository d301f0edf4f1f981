import { describe, expect, it } from 'vitest';
import { backoffDelayMs, createBackoff } from './backoff';

describe('backoffDelayMs', () => {
  it('doubles from 100 ms and stops at 10 s by default (SPEC §9)', () => {
    const delays = Array.from({ length: 10 }, (_, attempt) => backoffDelayMs(attempt));
    expect(delays).toEqual([100, 200, 400, 800, 1600, 3200, 6400, 10_000, 10_000, 10_000]);
  });

  it('moves a delay down on an even tenth of the draw and up on an odd one, as backo does', () => {
    // 0.25: deviation floor(0.25 · 0.5 · 400) = 50; floor(2.5) = 2 is even, so down.
    expect(backoffDelayMs(2, { jitter: 0.5 }, () => 0.25)).toBe(350);
    // 0.15: deviation floor(0.15 · 0.5 · 400) = 30; floor(1.5) = 1 is odd, so up.
    expect(backoffDelayMs(2, { jitter: 0.5 }, () => 0.15)).toBe(430);
    // A draw of 0 leaves the step as it is.
    expect(backoffDelayMs(2, { jitter: 0.5 }, () => 0)).toBe(400);
  });

  it('keeps jittered delays within the step ± jitter and under the cap', () => {
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const step = Math.min(100 * 2 ** attempt, 10_000);
      for (let draw = 0; draw < 1; draw += 0.037) {
        const delay = backoffDelayMs(attempt, { jitter: 0.5 }, () => draw);
        expect(delay).toBeGreaterThanOrEqual(Math.floor(step * 0.5));
        expect(delay).toBeLessThanOrEqual(10_000);
      }
    }
  });

  it('answers the cap, not NaN, for attempts whose step would overflow', () => {
    expect(backoffDelayMs(5_000)).toBe(10_000);
    expect(backoffDelayMs(5_000, { jitter: 0.5 }, () => 0.15)).toBe(10_000);
    expect(backoffDelayMs(5_000, { jitter: 0.5 }, () => 0.25)).toBe(10_000);
  });

  it('takes other bounds and factors', () => {
    expect(backoffDelayMs(3, { minMs: 1_000, maxMs: 5_000, factor: 1.5 })).toBe(3375);
    expect(backoffDelayMs(4, { minMs: 1_000, maxMs: 5_000, factor: 1.5 })).toBe(5_000);
  });
});

describe('createBackoff', () => {
  it('counts its attempts and starts over after a reset', () => {
    const backoff = createBackoff();
    expect([backoff.next(), backoff.next(), backoff.next()]).toEqual([100, 200, 400]);
    expect(backoff.attempts).toBe(3);
    backoff.reset();
    expect(backoff.attempts).toBe(0);
    expect(backoff.next()).toBe(100);
  });
});
