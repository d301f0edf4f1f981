/** The first index whose item ends after `position` (binary search over ascending starts). */
function firstEndingAfter(starts: readonly number[], position: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((starts[middle + 1] ?? Number.POSITIVE_INFINITY) > position) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * The items a window from `top` to `bottom` (px) touches, as [first, last) indices, given
 * `starts`: each item's top offset followed by the total height (items + 1 entries).
 */
export function visibleRange(
  starts: readonly number[],
  top: number,
  bottom: number,
): [number, number] {
  const count = starts.length - 1;
  if (count <= 0) return [0, 0];
  const first = Math.min(firstEndingAfter(starts, Math.max(0, top)), count);
  let last = first;
  while (last < count && (starts[last] ?? 0) < bottom) last++;
  return [first, last];
}
