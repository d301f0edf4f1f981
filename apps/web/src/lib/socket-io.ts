import type { io, Socket } from 'socket.io-client';
import type { Credentials } from './api-client';

let loading: Promise<typeof io> | undefined;

/**
 * The Socket.IO client, loaded on first use rather than with the first page: the match list
 * paints from its HTTP answer, and the sockets only bring what changes after it. Both sockets
 * share the one load.
 */
function loadSocketIo(): Promise<typeof io> {
  loading ??= import('socket.io-client').then((module) => module.io);
  return loading;
}

/**
 * One connection per identity: `connect` with new credentials closes the old socket and opens
 * one for them once the client has loaded (none for null credentials); the same identity again
 * changes nothing. `identityOf` says what makes an identity new.
 */
export function createSocketHolder<S extends Socket>(options: {
  identityOf: (credentials: Credentials, source: number | undefined) => string;
  open: (load: typeof io, query: Record<string, string>) => S;
}) {
  let socket: S | null = null;
  let connectedAs = '';
  return {
    get socket(): S | null {
      return socket;
    },
    connect(credentials: Credentials | null, source?: number): void {
      const identity = credentials ? options.identityOf(credentials, source) : '';
      if (identity === connectedAs) return;
      socket?.disconnect();
      socket = null;
      connectedAs = identity;
      if (!credentials) return;
      const query: Record<string, string> = { token: credentials.token, uid: credentials.uid };
      if (source !== undefined) query.source = String(source);
      void loadSocketIo().then((load) => {
        // Another identity, or none, may have taken over while the client loaded.
        if (identity !== connectedAs || socket) return;
        socket = options.open(load, query);
      });
    },
  };
}

/**
 * Closes the socket's connection once the server has sent nothing for `limitMs` while connected,
 * for a server that promises to send something more often than that. A connection that died
 * without closing (a network that dropped it silently) shows no error until Engine.IO's ping
 * times out, and whatever the socket keeps fresh goes stale meanwhile; closed, it reconnects as
 * after any drop. A disconnect asked for by the client ends the watch.
 */
export function closeWhenSilent(socket: Socket, limitMs: number): void {
  let lastHeardAt = Date.now();
  const heard = () => {
    lastHeardAt = Date.now();
  };
  socket.io.on('packet', heard);
  socket.io.on('ping', heard);
  socket.on('connect', heard);
  // Compared with the clock, not timed from the last message: a throttled timer in a hidden tab
  // only checks late, and never closes a connection that has been talking.
  const timer = setInterval(
    () => {
      if (socket.connected && Date.now() - lastHeardAt > limitMs) socket.io.engine.close();
    },
    Math.min(limitMs / 3, 5_000),
  );
  socket.on('disconnect', (reason) => {
    if (reason !== 'io client disconnect') return;
    clearInterval(timer);
    socket.io.off('packet', heard);
    socket.io.off('ping', heard);
  });
}
