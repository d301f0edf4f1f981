import type { BalanceEvent } from '@sb/contract';

/**
 * Pushes a member's balances after their money moved. Reads run one at a time per member: a
 * change noticed while a read is under way asks for one more read when it ends, so the last push
 * always shows the state after the last change, and a burst of movements costs two reads, not
 * one per movement.
 */
export function createBalanceNotifier(options: {
  readBalances: (userId: number) => Promise<BalanceEvent>;
  publish: (userId: number, balances: BalanceEvent) => void;
  onError: (error: unknown, userId: number) => void;
}) {
  const pending = new Map<number, { isStale: boolean; done: Promise<void> }>();

  async function pushUntilCurrent(userId: number, state: { isStale: boolean }): Promise<void> {
    try {
      do {
        state.isStale = false;
        try {
          options.publish(userId, await options.readBalances(userId));
        } catch (error) {
          options.onError(error, userId);
        }
      } while (state.isStale);
    } finally {
      pending.delete(userId);
    }
  }

  return {
    /**
     * Call after a movement of the member's money has committed. Never rejects: the money has
     * moved whatever happens to the push, and a client that missed one reads its balance again.
     */
    notify(userId: number): Promise<void> {
      const running = pending.get(userId);
      if (running) {
        running.isStale = true;
        return running.done;
      }
      const state = { isStale: true, done: Promise.resolve() };
      pending.set(userId, state);
      state.done = pushUntilCurrent(userId, state);
      return state.done;
    },

    /** Waits for the pushes under way, so a closing app does not read a closed database. */
    async settle(): Promise<void> {
      await Promise.all([...pending.values()].map((state) => state.done));
    },
  };
}
