import { useCallback, useSyncExternalStore } from 'react';
import type { LiveMatch } from './live-store';
import { liveStore } from './match-socket';

/** One match's live picture; the row re-renders only when its own match changed. */
export function useLiveMatch(matchId: number): LiveMatch | undefined {
  const subscribe = useCallback(
    (listener: () => void) => liveStore.subscribe(matchId, listener),
    [matchId],
  );
  const snapshot = useCallback(() => liveStore.get(matchId), [matchId]);
  return useSyncExternalStore(subscribe, snapshot);
}
