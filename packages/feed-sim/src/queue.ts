interface Entry {
  at: number;
  order: number;
  action: () => void;
}

/**
 * The simulator's agenda: actions by time, ties in the order they were added. Everything the
 * world does goes through it, so however the caller slices time the same actions run in the
 * same order and the feed is the same.
 */
export class EventQueue {
  private readonly heap: Entry[] = [];
  private added = 0;

  get size(): number {
    return this.heap.length;
  }

  push(at: number, action: () => void) {
    this.heap.push({ at, order: this.added++, action });
    this.up(this.heap.length - 1);
  }

  peekTime(): number {
    return this.heap[0]?.at ?? Number.POSITIVE_INFINITY;
  }

  pop(): Entry | undefined {
    const top = this.heap[0];
    const last = this.heap.pop();
    if (top && last && this.heap.length > 0) {
      this.heap[0] = last;
      this.down(0);
    }
    return top;
  }

  private before(a: number, b: number): boolean {
    const x = this.heap[a] as Entry;
    const y = this.heap[b] as Entry;
    return x.at < y.at || (x.at === y.at && x.order < y.order);
  }

  private swap(a: number, b: number) {
    const x = this.heap[a] as Entry;
    this.heap[a] = this.heap[b] as Entry;
    this.heap[b] = x;
  }

  private up(index: number) {
    let i = index;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(i, parent)) return;
      this.swap(i, parent);
      i = parent;
    }
  }

  private down(index: number) {
    let i = index;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let best = i;
      if (left < this.heap.length && this.before(left, best)) best = left;
      if (right < this.heap.length && this.before(right, best)) best = right;
      if (best === i) return;
      this.swap(i, best);
      i = best;
    }
  }
}
