/**
 * Paging through two lists sorted the same way as if they were one: a short one held whole in
 * memory, and a long one in the database of which only a slice is read. The results list merges
 * the read model's finished matches with the catalogue's older ones this way.
 */

/**
 * The slice of the stored list a page needs. Every stored row before `offset − memoryCount`
 * comes before the page whatever memory holds, and none at or after `offset + size` can reach
 * it, so at most `memoryCount + size` rows are read however deep the page.
 */
export function storedSliceFor(
  memoryCount: number,
  offset: number,
  size: number,
): { offset: number; limit: number } {
  const from = Math.max(0, offset - memoryCount);
  return { offset: from, limit: offset + size - from };
}

function merge<T>(left: readonly T[], right: readonly T[], compare: (a: T, b: T) => number): T[] {
  const merged: T[] = [];
  let l = 0;
  let r = 0;
  while (l < left.length || r < right.length) {
    const leftItem = left[l];
    const rightItem = right[r];
    if (r >= right.length || (l < left.length && compare(leftItem as T, rightItem as T) <= 0)) {
      merged.push(leftItem as T);
      l += 1;
    } else {
      merged.push(rightItem as T);
      r += 1;
    }
  }
  return merged;
}

/**
 * One page of the merged list, from all of `memory` and the slice `stored` that
 * `storedSliceFor` named (it starts at rank `storedOffset` of the stored list). The two lists
 * hold no item in common.
 */
export function pageOfMerged<T>(options: {
  memory: readonly T[];
  stored: readonly T[];
  storedOffset: number;
  offset: number;
  size: number;
  compare: (a: T, b: T) => number;
}): T[] {
  const { memory, stored, storedOffset, offset, size, compare } = options;
  const first = stored[0];
  if (storedOffset === 0 || first === undefined) {
    // Either the slice starts at the top, or the stored list ends before the slice, in which
    // case the whole merged list is shorter than `offset` and the page is empty.
    if (storedOffset > 0) return [];
    return merge(memory, stored, compare).slice(offset, offset + size);
  }
  // Memory's items ahead of the slice's first row come before the page too; after them, the
  // merged list continues at that row's rank: its rank among stored rows plus theirs.
  let ahead = 0;
  while (ahead < memory.length && compare(memory[ahead] as T, first) < 0) ahead += 1;
  const start = offset - (storedOffset + ahead);
  return merge(memory.slice(ahead), stored, compare).slice(start, start + size);
}
