/**
 * A token bucket: up to `capacity` tokens, refilled at `refillPerSecond`. A socket (or a member
 * placing bets) spends tokens on what it asks for; an empty bucket means it asks too much, too fast.
 */
export function createTokenBucket(
  capacity: number,
  refillPerSecond: number,
  now: () => number = Date.now,
) {
  let tokens = capacity;
  let refilledAt = now();
  const refill = () => {
    const at = now();
    tokens = Math.min(capacity, tokens + ((at - refilledAt) / 1000) * refillPerSecond);
    refilledAt = at;
  };
  return {
    /** Spends `cost` tokens and answers true, or answers false and spends nothing. */
    take(cost = 1): boolean {
      refill();
      if (tokens < cost) return false;
      tokens -= cost;
      return true;
    },
  };
}

export type TokenBucket = ReturnType<typeof createTokenBucket>;
