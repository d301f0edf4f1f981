import { useEffect } from 'react';
import { connectAppSocket, onAppSocketEnded } from '../lib/app-socket';
import { fetchProfile } from '../lib/session/member-profile';
import { selectSource, useSessionStore } from '../lib/session/session-store';

/**
 * Holds the `/app/socket` connection of whoever is signed in: members (demo players included)
 * connect, visitors do not, and a switch of account reconnects with the new token. When the
 * server closes the socket because the session ended on another device or an operator blocked
 * the member, one call finds it out: its 403 ends the session here as any call's would, and
 * the page goes on as a visitor instead of a member whose prices and balance no longer move.
 */
export function useAppSocketConnection(): void {
  const session = useSessionStore((state) => state.session);
  const source = useSessionStore(selectSource);
  useEffect(() => {
    const isMember = session !== null && session.memberId > 0;
    connectAppSocket(isMember ? { uid: session.uid, token: session.token } : null, source);
  }, [session, source]);
  useEffect(
    () =>
      onAppSocketEnded(() => {
        // Any other answer (the server was busy, the network dropped) leaves the session as is.
        fetchProfile().catch(() => undefined);
      }),
    [],
  );
}
