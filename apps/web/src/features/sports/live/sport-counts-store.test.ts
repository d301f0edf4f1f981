import type { SportCountsEvent } from '@sb/contract';
import { describe, expect, it, vi } from 'vitest';
import { createSportCountsStore } from './sport-counts-store';

const football = { sportId: 1, live: 1, today: 2, early: 3, outright: 0, total: 5 };

describe('the sport counts store', () => {
  it('keeps the last event with the time it arrived and tells its listeners', () => {
    let at = 100;
    const store = createSportCountsStore(() => at);
    const listener = vi.fn();
    store.subscribe(listener);
    store.apply({ counts: [football] });
    at = 200;
    store.apply({ counts: [{ ...football, total: 6 }] });
    expect(store.current()).toEqual({ receivedAtMs: 200, counts: [{ ...football, total: 6 }] });
    expect(listener).toHaveBeenCalledTimes(2);
    store.clear();
    expect(store.current()).toBeNull();
  });

  it('drops an event the contract does not describe and keeps the counts it had', () => {
    const store = createSportCountsStore(() => 1);
    store.apply({ counts: [football] });
    store.apply({ counts: [{ ...football, total: -1 }] });
    store.apply({ counts: 'many' } as unknown as SportCountsEvent);
    expect(store.current()?.counts).toEqual([football]);
  });
});
