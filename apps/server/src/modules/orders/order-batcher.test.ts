import { describe, expect, it } from 'vitest';
import { createPlacementBatcher } from './order-batcher';

interface Bet {
  name: string;
  key?: string;
}

/** A batcher whose placements are recorded: which went together and which alone. */
function harness(
  options: {
    maxOrders?: number;
    waitMs?: number;
    maxBatchesRunning?: number;
    failing?: boolean;
  } = {},
) {
  const together: string[][] = [];
  const alone: string[] = [];
  const failures: number[] = [];
  const batcher = createPlacementBatcher<Bet, string>({
    maxOrders: options.maxOrders ?? 3,
    waitMs: options.waitMs ?? 20,
    maxBatchesRunning: options.maxBatchesRunning ?? 2,
    placeTogether: async (bets) => {
      together.push(bets.map((bet) => bet.name));
      if (options.failing) throw new Error('the batch transaction failed');
      return bets.map((bet) =>
        bet.name.startsWith('poor') ? new Error(`${bet.name} refused`) : `placed ${bet.name}`,
      );
    },
    placeAlone: async (bet) => {
      alone.push(bet.name);
      if (bet.name.startsWith('poor')) throw new Error(`${bet.name} refused alone`);
      return `alone ${bet.name}`;
    },
    twinKeyOf: (bet) => bet.key ?? null,
    onBatchFailed: (_error, size) => failures.push(size),
  });
  return { batcher, together, alone, failures };
}

describe('placements batched together', () => {
  it('go as one batch as soon as the most a batch takes are waiting', async () => {
    const { batcher, together } = harness({ maxOrders: 3, waitMs: 10_000 });
    const answers = await Promise.all(['a', 'b', 'c'].map((name) => batcher.place({ name })));
    expect(answers).toEqual(['placed a', 'placed b', 'placed c']);
    expect(together).toEqual([['a', 'b', 'c']]);
  });

  it('go after the wait when fewer arrive, and a lone placement is made alone', async () => {
    const { batcher, together, alone } = harness({ maxOrders: 10, waitMs: 5 });
    expect(await Promise.all([batcher.place({ name: 'a' }), batcher.place({ name: 'b' })])).toEqual(
      ['placed a', 'placed b'],
    );
    expect(await batcher.place({ name: 'c' })).toBe('alone c');
    expect(together).toEqual([['a', 'b']]);
    expect(alone).toEqual(['c']);
  });

  it('refuse one placement of a batch without touching the others', async () => {
    const { batcher } = harness();
    const answers = await Promise.allSettled(
      ['a', 'poor b', 'c'].map((name) => batcher.place({ name })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });

  it('place a second bet of one member and key alone, after its batch', async () => {
    const { batcher, together, alone } = harness();
    const answers = await Promise.all([
      batcher.place({ name: 'first', key: 'm1:k' }),
      batcher.place({ name: 'again', key: 'm1:k' }),
      batcher.place({ name: 'other', key: 'm2:k' }),
    ]);
    expect(answers).toEqual(['placed first', 'alone again', 'placed other']);
    expect(together).toEqual([['first', 'other']]);
    expect(alone).toEqual(['again']);
  });

  it('place each alone when the batch fails, each answering its own outcome', async () => {
    const { batcher, alone, failures } = harness({ failing: true });
    const answers = await Promise.allSettled(
      ['a', 'poor b', 'c'].map((name) => batcher.place({ name })),
    );
    expect(failures).toEqual([3]);
    expect(alone.sort()).toEqual(['a', 'c', 'poor b']);
    expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });

  it('gather what arrives while batches run, and send it together when one ends', async () => {
    const together: string[][] = [];
    const gates: (() => void)[] = [];
    const batcher = createPlacementBatcher<Bet, string>({
      maxOrders: 10,
      waitMs: 0,
      maxBatchesRunning: 1,
      placeTogether: async (bets) => {
        together.push(bets.map((bet) => bet.name));
        await new Promise<void>((resolve) => gates.push(resolve));
        return bets.map((bet) => `placed ${bet.name}`);
      },
      placeAlone: async (bet) => {
        together.push([bet.name]);
        await new Promise<void>((resolve) => gates.push(resolve));
        return `alone ${bet.name}`;
      },
      twinKeyOf: () => null,
      onBatchFailed: () => {},
    });
    const first = batcher.place({ name: 'first' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(together).toEqual([['first']]);
    // Three arrive while the first runs: they wait for it, then go as one batch.
    const later = ['b', 'c', 'd'].map((name) => batcher.place({ name }));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(together).toEqual([['first']]);
    gates.shift()?.();
    expect(await first).toBe('alone first');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(together).toEqual([['first'], ['b', 'c', 'd']]);
    gates.shift()?.();
    expect(await Promise.all(later)).toEqual(['placed b', 'placed c', 'placed d']);
  });

  it('send what waits when settled, without the wait', async () => {
    const { batcher, together } = harness({ maxOrders: 10, waitMs: 10_000 });
    const placed = Promise.all([batcher.place({ name: 'a' }), batcher.place({ name: 'b' })]);
    await batcher.settle();
    expect(await placed).toEqual(['placed a', 'placed b']);
    expect(together).toEqual([['a', 'b']]);
  });
});
