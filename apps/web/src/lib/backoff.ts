/**
 * SPEC §9's backoff helper: the classic exponential backoff (as in the `backo` package that
 * Socket.IO's client also carries), minimum 100 ms, maximum 10 s, doubling each attempt, with
 * optional jitter.
 */
export interface BackoffOptions {
  minMs?: number;
  maxMs?: number;
  factor?: number;
  /** Between 0 and 1: how far a delay may stray from the exponential step, either way. */
  jitter?: number;
}

export const backoffDefaults = { minMs: 100, maxMs: 10_000, factor: 2, jitter: 0 } as const;

/**
 * The delay before retry number `attempt` (0 for the first retry): `minMs · factor^attempt`,
 * moved by up to `jitter` of itself down or up (one random draw decides both, as backo does),
 * then capped at `maxMs`. Unlike backo, a late attempt never overflows to NaN: the step stops
 * growing at the largest finite number.
 */
export function backoffDelayMs(
  attempt: number,
  options: BackoffOptions = {},
  random: () => number = Math.random,
): number {
  const { minMs, maxMs, factor, jitter } = { ...backoffDefaults, ...options };
  let delayMs = Math.min(minMs * factor ** Math.max(0, attempt), Number.MAX_VALUE);
  if (jitter > 0 && jitter <= 1) {
    const draw = random();
    const deviationMs = Math.floor(draw * jitter * delayMs);
    delayMs = (Math.floor(draw * 10) & 1) === 0 ? delayMs - deviationMs : delayMs + deviationMs;
  }
  return Math.floor(Math.min(delayMs, maxMs));
}

/** A backoff that counts its own attempts: `next()` for each retry, `reset()` after a success. */
export function createBackoff(options: BackoffOptions = {}, random: () => number = Math.random) {
  let attempts = 0;
  return {
    get attempts(): number {
      return attempts;
    },
    next(): number {
      const delayMs = backoffDelayMs(attempts, options, random);
      attempts += 1;
      return delayMs;
    },
    reset(): void {
      attempts = 0;
    },
  };
}
