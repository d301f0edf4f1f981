import { useSyncExternalStore } from 'react';

/**
 * The time, as of the last whole second, for clocks that run in the page between the feed's
 * messages. One interval serves every clock on screen and runs only while one is shown.
 */
const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const each of listeners) each();
    }, 1_000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

const subscribeNever = () => () => {};
const snapshot = () => now;

/**
 * The current time to the second, moving once a second while `isTicking` (a stopped clock needs
 * no time at all).
 */
export function useNow(isTicking: boolean): number {
  return useSyncExternalStore(isTicking ? subscribe : subscribeNever, snapshot);
}
