import { type SportCountsEvent, sportCountsEventSchema } from '@sb/contract';
import type { HeardCounts } from '../model/socket-counts';

/**
 * The sport counts the match socket last sent (`counts`, docs/realtime.md): a plain module, read
 * by the sport tabs with `useSyncExternalStore`.
 */
export function createSportCountsStore(now: () => number = Date.now) {
  let heard: HeardCounts | null = null;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  return {
    /** Keeps an event the contract accepts; anything else is dropped, the last counts stand. */
    apply(event: SportCountsEvent): void {
      const parsed = sportCountsEventSchema.safeParse(event);
      if (!parsed.success) return;
      heard = { receivedAtMs: now(), counts: parsed.data.counts };
      notify();
    },
    /** Another identity's counts are not this one's (hidden sports, leagueIds). */
    clear(): void {
      if (heard === null) return;
      heard = null;
      notify();
    },
    current: (): HeardCounts | null => heard,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type SportCountsStore = ReturnType<typeof createSportCountsStore>;
