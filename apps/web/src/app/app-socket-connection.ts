import { useEffect } from 'react';
import { connectAppSocket } from '../lib/app-socket';
import { selectSource, useSessionStore } from '../lib/session/session-store';

/**
 * Holds the `/app/socket` connection of whoever is signed in: members (demo players included)
 * connect, visitors do not, and a switch of account reconnects with the new token.
 */
export function useAppSocketConnection(): void {
  const session = useSessionStore((state) => state.session);
  const source = useSessionStore(selectSource);
  useEffect(() => {
    const isMember = session !== null && session.memberId > 0;
    connectAppSocket(isMember ? { uid: session.uid, token: session.token } : null, source);
  }, [session, source]);
}
