import { describe, expect, it } from 'vitest';
import { pageOfMerged, storedSliceFor } from './merged-page';

/** A small deterministic generator, so a failure can be replayed. */
function numbers(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % below;
  };
}

const compare = (a: number, b: number) => b - a;

describe('paging two sorted lists as one', () => {
  it('answers every page exactly as merging both lists whole would', () => {
    const next = numbers(42);
    for (let round = 0; round < 300; round += 1) {
      // Distinct values split at random between memory and the database.
      const all = [...new Set(Array.from({ length: next(80) }, () => next(1_000)))].sort(compare);
      const memory = all.filter(() => next(3) === 0);
      const stored = all.filter((value) => !memory.includes(value));
      const size = 1 + next(12);
      for (let page = 0; page * size <= all.length + size; page += 1) {
        const offset = page * size;
        const slice = storedSliceFor(memory.length, offset, size);
        expect(slice.limit).toBeLessThanOrEqual(memory.length + size);
        const answer = pageOfMerged({
          memory,
          stored: stored.slice(slice.offset, slice.offset + slice.limit),
          storedOffset: slice.offset,
          offset,
          size,
          compare,
        });
        expect(answer).toEqual(all.slice(offset, offset + size));
      }
    }
  });
});
