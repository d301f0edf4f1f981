import { createTokenBucket, type TokenBucket } from '../../platform/token-bucket';

/** Members whose buckets one process keeps; past it the longest untouched bucket goes. */
const memberBucketLimit = 100_000;

/**
 * A token bucket per member on placing bets: `burst` at once, refilled at `perMinute`. A person
 * never comes near it; a script placing bets in a loop does, and is told to slow down instead
 * of filling the order tables. Buckets live in the process: with several processes a member's
 * allowance is at most that many times higher, which still bounds a runaway client.
 */
export function createOrderRateLimit(options: {
  burst: number;
  perMinute: number;
  now?: () => number;
}) {
  const { burst, perMinute } = options;
  const now = options.now ?? Date.now;
  const buckets = new Map<number, TokenBucket>();
  return {
    /** Spends one bet of the member's allowance; false when it is used up. */
    take(userId: number): boolean {
      let bucket = buckets.get(userId);
      if (bucket) {
        // Re-inserted, so the map's order is least recently used first.
        buckets.delete(userId);
      } else {
        if (buckets.size >= memberBucketLimit) {
          const oldest = buckets.keys().next();
          if (!oldest.done) buckets.delete(oldest.value);
        }
        bucket = createTokenBucket(burst, perMinute / 60, now);
      }
      buckets.set(userId, bucket);
      return bucket.take();
    },
    /** In words, for the refusal's message. */
    describe: () => `at most ${burst} bets at once and ${perMinute} a minute`,
  };
}

export type OrderRateLimit = ReturnType<typeof createOrderRateLimit>;
