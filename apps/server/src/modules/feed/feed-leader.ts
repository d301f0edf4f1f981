import type { Redis } from 'ioredis';

/** Extends the lease only while this process still holds it, in one atomic step. */
const renewScript = `
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('pexpire', KEYS[1], ARGV[2])
end
return 0`;

/** Gives the lease up only if this process still holds it, so a successor's lease is never freed. */
const releaseScript = `
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('del', KEYS[1])
end
return 0`;

export interface LeaderLeaseOptions {
  redis: Redis;
  /** The lease key; its value names the holder. */
  key: string;
  /** Counter of leaderships: every new leader gets the next term. */
  termKey: string;
  /** Names this process in the lease value. */
  nodeId: string;
  /** How long the lease lasts without renewal; renewed three times per lease. */
  leaseMs: number;
  /** Called when this process becomes leader, with its term (higher than every earlier one). */
  onElected(term: number): void;
  /** Called when this process stops being leader (lost the lease, or could not renew in time). */
  onDeposed(): void;
  onError?: (error: unknown) => void;
}

export interface LeaderLease {
  readonly isLeader: boolean;
  /** Stops campaigning and, when leader, releases the lease so a successor takes over at once. */
  stop(): Promise<void>;
}

/**
 * Leader election on one Redis key: `SET key nodeId NX PX lease` wins it, a compare-and-extend
 * script renews it, and a process that dies simply stops renewing so the key expires and another
 * process wins it. A leader that cannot renew before its lease runs out steps down on its own.
 * Clocks and pauses can still let a deposed leader send for a moment after its successor starts;
 * the term, a counter incremented by each new leader, lets followers ignore what it sends.
 */
export function startLeaderLease(options: LeaderLeaseOptions): LeaderLease {
  const { redis, key, nodeId, leaseMs } = options;
  const intervalMs = Math.max(50, Math.floor(leaseMs / 3));
  let isLeader = false;
  let isStopped = false;
  let isBusy = false;
  let currentTerm = 0;
  /** The last moment the lease is certainly ours: start of the last successful claim or renewal. */
  let heldUntil = 0;

  const depose = () => {
    if (!isLeader) return;
    isLeader = false;
    options.onDeposed();
  };

  async function campaign(): Promise<void> {
    const startedAt = Date.now();
    const claimed = await redis.set(key, nodeId, 'PX', leaseMs, 'NX');
    if (claimed !== 'OK') return;
    if (isStopped) {
      await redis.eval(releaseScript, 1, key, nodeId);
      return;
    }
    const term = await redis.incr(options.termKey);
    heldUntil = startedAt + leaseMs;
    isLeader = true;
    currentTerm = term;
    // Starting a feed may keep the process busy for a while: after this step, not inside it.
    setImmediate(() => {
      if (isLeader && !isStopped && currentTerm === term) options.onElected(term);
    });
  }

  async function renew(): Promise<void> {
    const startedAt = Date.now();
    const renewed = await redis.eval(renewScript, 1, key, nodeId, String(leaseMs));
    if (renewed === 1) heldUntil = startedAt + leaseMs;
    else depose();
  }

  /**
   * Past the lease's end without a renewal, another process may hold the key: stop leading now.
   * Until then the key is ours (a renewal that succeeds proves it never lapsed, since only this
   * process writes its own id), so a busy moment shorter than the lease costs nothing.
   */
  const deposeIfLate = () => {
    if (isLeader && Date.now() >= heldUntil) depose();
  };

  async function step(): Promise<void> {
    // Checked even while a renewal hangs on a Redis that does not answer.
    deposeIfLate();
    if (isStopped || isBusy) return;
    isBusy = true;
    try {
      if (isLeader) await renew();
      else await campaign();
    } catch (error) {
      options.onError?.(error);
    } finally {
      isBusy = false;
      deposeIfLate();
    }
  }

  // Not a startPeriodicJob: every tick must reach `step`, even one that falls while a renewal
  // hangs, so that a lapsed lease deposes on time; `isBusy` keeps the Redis calls from overlapping.
  const timer = setInterval(() => void step(), intervalMs);
  timer.unref();
  void step();

  return {
    get isLeader() {
      return isLeader;
    },
    async stop() {
      isStopped = true;
      clearInterval(timer);
      if (!isLeader) return;
      isLeader = false;
      options.onDeposed();
      await redis.eval(releaseScript, 1, key, nodeId).catch((error: unknown) => {
        options.onError?.(error);
      });
    },
  };
}
