import { formatDisplayAmount } from '@sb/domain';

/**
 * SPEC §9's counter for an envelope's amount: from 0 to the amount in 2 s, eased as CountUp.js
 * eases by default (easeOutExpo, fast at first and slowing into the amount), each frame written
 * as the site writes money (`formatDisplayAmount`: comma grouping, 2 decimals). Pure, so the
 * values over time are tested without a browser.
 */
export const countUpDurationMs = 2_000;

/**
 * The amount shown `elapsedMs` after the count began, in minor units: 0 at the start, never
 * above the amount, never going back, and exactly the amount from `durationMs` on.
 */
export function countUpMinorAt(
  elapsedMs: number,
  amountMinor: number,
  durationMs: number = countUpDurationMs,
): number {
  if (!(elapsedMs > 0)) return 0;
  if (elapsedMs >= durationMs) return amountMinor;
  // CountUp.js's easeOutExpo; its 1024/1023 makes the curve end on the amount itself.
  const eased = ((1 - 2 ** ((-10 * elapsedMs) / durationMs)) * 1024) / 1023;
  return Math.min(amountMinor, Math.floor(amountMinor * eased));
}

/** The text of the counter at `elapsedMs`: the site's money format of the value then. */
export function countUpTextAt(
  elapsedMs: number,
  amountMinor: number,
  scale: number,
  durationMs: number = countUpDurationMs,
): string {
  return formatDisplayAmount(countUpMinorAt(elapsedMs, amountMinor, durationMs), scale);
}
