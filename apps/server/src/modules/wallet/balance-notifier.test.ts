import type { BalanceEvent } from '@sb/contract';
import { describe, expect, it } from 'vitest';
import { createBalanceNotifier } from './balance-notifier';

/** A balance list whose one entry carries `amount`, enough to tell pushes apart. */
const balancesWith = (amount: number) => [{ amount }] as unknown as BalanceEvent;

/**
 * A notifier over a pretend ledger: `amounts` is what a read finds now, each read is recorded
 * with the members it covered, and a read ends only when the test lets it.
 */
function harness(options: { isReadFailing?: boolean } = {}) {
  const amounts = new Map<number, number>();
  const reads: number[][] = [];
  const pending: (() => void)[] = [];
  const published: [number, number][] = [];
  const errors: unknown[] = [];
  const notifier = createBalanceNotifier({
    gatherMs: 5,
    readBalances: async (userIds) => {
      reads.push([...userIds]);
      // What the read sees is taken when it starts, as a query's snapshot is.
      const seen = new Map(
        userIds
          .filter((userId) => amounts.has(userId))
          .map((userId) => [userId, balancesWith(amounts.get(userId) as number)]),
      );
      await new Promise<void>((resolve) => pending.push(resolve));
      if (options.isReadFailing) throw new Error('the database is gone');
      return seen;
    },
    publish: (userId, balances) =>
      published.push([userId, (balances[0] as unknown as { amount: number }).amount]),
    onError: (error) => errors.push(error),
  });
  /** Ends every read started so far and lets the notifier go on. */
  const finishReads = async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
    for (const resolve of pending.splice(0)) resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { notifier, amounts, reads, published, errors, finishReads };
}

describe('balance pushes', () => {
  it('read the members asked for together in one read, and push each their own balances', async () => {
    const { notifier, amounts, reads, published, finishReads } = harness();
    for (const userId of [1, 2, 3]) amounts.set(userId, userId * 100);
    const done = Promise.all([1, 2, 3].map((userId) => notifier.notify(userId)));
    await finishReads();
    await done;
    expect(reads).toEqual([[1, 2, 3]]);
    expect(published).toEqual([
      [1, 100],
      [2, 200],
      [3, 300],
    ]);
  });

  it('read a member again after a change noticed during their read, and end on the last state', async () => {
    const { notifier, amounts, reads, published, finishReads } = harness();
    amounts.set(7, 1);
    const first = notifier.notify(7);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reads).toEqual([[7]]);
    // Three more changes while the first read runs: one more read covers them all.
    amounts.set(7, 4);
    const later = [notifier.notify(7), notifier.notify(7), notifier.notify(7)];
    await finishReads();
    await first;
    await finishReads();
    await Promise.all(later);
    expect(reads).toEqual([[7], [7]]);
    expect(published).toEqual([
      [7, 1],
      [7, 4],
    ]);
  });

  it('push nothing for a member the read does not find, and still resolve', async () => {
    const { notifier, published, finishReads } = harness();
    const done = notifier.notify(404);
    await finishReads();
    await expect(done).resolves.toBeUndefined();
    expect(published).toEqual([]);
  });

  it('never reject into the caller when a read fails, and report the failure', async () => {
    const { notifier, amounts, errors, finishReads } = harness({ isReadFailing: true });
    amounts.set(5, 50);
    const done = notifier.notify(5);
    await finishReads();
    await expect(done).resolves.toBeUndefined();
    expect(errors).toHaveLength(1);
  });

  it('send what is waiting when settled, without waiting for the gathering delay', async () => {
    const { notifier, amounts, reads, published, finishReads } = harness();
    amounts.set(9, 90);
    void notifier.notify(9);
    const settled = notifier.settle();
    await finishReads();
    await settled;
    expect(reads).toEqual([[9]]);
    expect(published).toEqual([[9, 90]]);
  });
});
