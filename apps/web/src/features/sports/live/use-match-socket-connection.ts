import { useEffect } from 'react';
import { selectSource, useSessionStore } from '../../../lib/session/session-store';
import { connectMatchSocket } from './match-socket';

/** Holds the game socket for whoever is here: visitors have tokens too (docs/realtime.md). */
export function useMatchSocketConnection(): void {
  const session = useSessionStore((state) => state.session);
  const source = useSessionStore(selectSource);
  useEffect(() => {
    connectMatchSocket(session ? { uid: session.uid, token: session.token } : null, source);
  }, [session, source]);
}
