import type { BalanceEvent } from '@sb/contract';

/** How long a push waits for others to share its read; a person does not notice it. */
export const balancePushGatherMs = 10;
/** Members read together at most; more wait for the next read. */
const membersPerRead = 500;

interface Waiting {
  done: Promise<void>;
  resolve: () => void;
}

/**
 * Pushes members' balances after their money moved. The balances are read after the movement
 * committed, never taken from the movement itself, so a push shows every change committed before
 * it, whoever made it.
 *
 * Reads are shared: the members asked for within `gatherMs` of each other are read together, in
 * one query per table however many they are, so pushes after a stream of bets from many members
 * cost a fraction of a query each. Reads run one at a time per member: a change noticed while the
 * member's read is under way asks for one more read when it ends, so the last push always shows
 * the state after the last change, and a burst of movements costs two reads, not one per movement.
 */
export function createBalanceNotifier(options: {
  /** The balances of these members; a member left out (unknown, blocked) gets no push. */
  readBalances: (userIds: readonly number[]) => Promise<Map<number, BalanceEvent>>;
  publish: (userId: number, balances: BalanceEvent) => void;
  onError: (error: unknown, userIds: readonly number[]) => void;
  gatherMs?: number;
}) {
  const gatherMs = options.gatherMs ?? balancePushGatherMs;
  /** Members whose next read has not started, each with the promise its callers wait on. */
  const waiting = new Map<number, Waiting>();
  /** Members whose read is under way. */
  const reading = new Set<number>();
  const reads = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;

  /** Sets the next read going after `gatherMs`, if a member is waiting for one that can start. */
  function schedule(): void {
    if (timer !== undefined) return;
    for (const userId of waiting.keys())
      if (!reading.has(userId)) {
        timer = setTimeout(flush, gatherMs).unref();
        return;
      }
  }

  async function read(userIds: number[], entries: Waiting[]): Promise<void> {
    try {
      const balances = await options.readBalances(userIds);
      for (const userId of userIds) {
        const event = balances.get(userId);
        if (event) options.publish(userId, event);
      }
    } catch (error) {
      options.onError(error, userIds);
    } finally {
      for (const userId of userIds) reading.delete(userId);
      for (const entry of entries) entry.resolve();
      schedule();
    }
  }

  /** Starts one read of the members waiting whose previous read has ended. */
  function flush(): void {
    timer = undefined;
    const userIds: number[] = [];
    const entries: Waiting[] = [];
    for (const [userId, entry] of waiting) {
      if (reading.has(userId)) continue;
      waiting.delete(userId);
      reading.add(userId);
      userIds.push(userId);
      entries.push(entry);
      if (userIds.length === membersPerRead) break;
    }
    if (userIds.length === 0) return;
    const running = read(userIds, entries);
    reads.add(running);
    void running.finally(() => reads.delete(running));
    schedule();
  }

  return {
    /**
     * Call after a movement of the member's money has committed. Resolves once a push read after
     * the call has gone out (or failed). Never rejects: the money has moved whatever happens to
     * the push, and a client that missed one reads its balance again.
     */
    notify(userId: number): Promise<void> {
      const existing = waiting.get(userId);
      if (existing) return existing.done;
      let resolve = () => {};
      const done = new Promise<void>((resolveDone) => {
        resolve = resolveDone;
      });
      waiting.set(userId, { done, resolve });
      schedule();
      return done;
    },

    /** Sends what is waiting and waits for the reads under way, so a closing app reads nothing late. */
    async settle(): Promise<void> {
      while (waiting.size > 0 || reads.size > 0) {
        if (timer !== undefined) {
          clearTimeout(timer);
          flush();
        }
        await Promise.all([...reads]);
        schedule();
      }
    },
  };
}
