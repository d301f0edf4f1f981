import { Redis } from 'ioredis';

/**
 * Counts events per key inside a time window, for login-failure limits and request rates.
 * With Redis the counts are shared by every server process; without it each process counts alone.
 */
export interface CounterStore {
  /** Adds one to the key's count and answers the count in the current window. */
  increment(key: string, windowMs: number): Promise<number>;
  /** The key's count in the current window, 0 when none. */
  read(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

/** Bound on the keys the in-process store keeps, so a flood of distinct keys cannot exhaust memory. */
const memoryKeyLimit = 100_000;

export function createMemoryCounterStore(now: () => number = Date.now): CounterStore {
  const counts = new Map<string, { count: number; expiresAt: number }>();
  const live = (key: string) => {
    const entry = counts.get(key);
    if (entry && entry.expiresAt <= now()) {
      counts.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    async increment(key, windowMs) {
      const entry = live(key);
      if (entry) {
        entry.count += 1;
        return entry.count;
      }
      if (counts.size >= memoryKeyLimit) {
        for (const [staleKey] of counts) {
          if (!live(staleKey)) continue;
          counts.delete(staleKey);
          break;
        }
      }
      counts.set(key, { count: 1, expiresAt: now() + windowMs });
      return 1;
    },
    async read(key) {
      return live(key)?.count ?? 0;
    },
    async reset(key) {
      counts.delete(key);
    },
    async close() {
      counts.clear();
    },
  };
}

export function createRedisCounterStore(redisUrl: string, prefix = 'sb:count:'): CounterStore {
  const redis = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 });
  return {
    async increment(key, windowMs) {
      // INCR and PEXPIRE NX in one round trip: the window starts at the first event and is not
      // pushed back by later ones.
      const results = await redis
        .multi()
        .incr(prefix + key)
        .pexpire(prefix + key, windowMs, 'NX')
        .exec();
      const count = results?.[0]?.[1];
      return typeof count === 'number' ? count : Number(count);
    },
    async read(key) {
      return Number((await redis.get(prefix + key)) ?? 0);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {
      await redis.quit();
    },
  };
}

export function createCounterStore(redisUrl: string | undefined): CounterStore {
  return redisUrl ? createRedisCounterStore(redisUrl) : createMemoryCounterStore();
}
