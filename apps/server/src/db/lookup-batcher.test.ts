import { describe, expect, it } from 'vitest';
import { createLookupBatcher } from './lookup-batcher';

/** A batcher over a table the test changes, whose queries are held until the test lets them go. */
function harness(maxKeys = 3) {
  const table = new Map<string, number>([
    ['a', 1],
    ['b', 2],
    ['c', 3],
    ['d', 4],
  ]);
  const queries: string[][] = [];
  const held: (() => void)[] = [];
  let isFailing = false;
  const read = createLookupBatcher<string, number>({
    maxKeys,
    readMany: async (keys) => {
      queries.push([...keys]);
      // Read as the query starts (a statement's snapshot), answered when the test says.
      const rows = new Map(
        keys.flatMap((key) => (table.has(key) ? [[key, table.get(key) ?? 0] as const] : [])),
      );
      await new Promise<void>((release) => held.push(release));
      if (isFailing) throw new Error('the query failed');
      return rows;
    },
  });
  /** Lets the oldest held query answer, then gives the next one time to start. */
  async function releaseNext(): Promise<void> {
    held.shift()?.();
    for (let turn = 0; turn < 5; turn++) await Promise.resolve();
  }
  return {
    read,
    table,
    queries,
    releaseNext,
    fail: () => {
      isFailing = true;
    },
  };
}

describe('lookups read together', () => {
  it('reads a key at once when no query is under way', async () => {
    const { read, queries, releaseNext } = harness();
    const answer = read('a');
    expect(queries).toEqual([['a']]);
    await releaseNext();
    expect(await answer).toBe(1);
  });

  it('reads the keys asked for during a query together once it ends, each caller its own row', async () => {
    const { read, queries, releaseNext } = harness();
    const first = read('a');
    const waiting = [read('b'), read('zz'), read('b')];
    expect(queries).toEqual([['a']]);
    await releaseNext();
    expect(queries).toEqual([['a'], ['b', 'zz']]);
    await releaseNext();
    expect(await first).toBe(1);
    expect(await Promise.all(waiting)).toEqual([2, undefined, 2]);
  });

  it('never answers a caller with a row read before it asked', async () => {
    const { read, table, releaseNext } = harness();
    const before = read('a');
    // Changed after the first query started: a caller asking now must see the change.
    table.set('a', 10);
    const after = read('a');
    await releaseNext();
    await releaseNext();
    expect(await before).toBe(1);
    expect(await after).toBe(10);
    table.set('a', 20);
    const later = read('a');
    await releaseNext();
    expect(await later).toBe(20);
  });

  it('reads at most maxKeys keys a query, the rest in the next', async () => {
    const { read, queries, releaseNext } = harness(2);
    const answers = [read('a'), read('b'), read('c'), read('d')];
    await releaseNext();
    expect(queries).toEqual([['a'], ['b', 'c']]);
    await releaseNext();
    expect(queries).toEqual([['a'], ['b', 'c'], ['d']]);
    await releaseNext();
    expect(await Promise.all(answers)).toEqual([1, 2, 3, 4]);
  });

  it('fails every caller of a failed query, and reads again for the next', async () => {
    const { read, queries, releaseNext, fail } = harness();
    const first = read('a');
    const second = read('b');
    fail();
    await releaseNext();
    await expect(first).rejects.toThrow('the query failed');
    await releaseNext();
    await expect(second).rejects.toThrow('the query failed');
    expect(queries).toEqual([['a'], ['b']]);
  });
});
