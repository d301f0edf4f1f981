import type { Language } from '@sb/contract';
import { defaultLanguage } from '@sb/domain';
import type { io, Socket } from 'socket.io-client';
import type { Credentials } from './api-client';
import { createBackoff } from './backoff';
import { site } from './site';

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
 * SPEC §3's web socket query: token, uid, realm and process, plus the client info's `source`
 * (the live-stream flavour hides plays on the match socket too) and `lang`, the language the
 * match socket names teams and leagues in, as every call carries it.
 */
export function handshakeQuery(
  credentials: Credentials,
  source: number | undefined,
  language: Language,
): Record<string, string> {
  const query: Record<string, string> = {
    token: credentials.token,
    uid: credentials.uid,
    realm: site.realm,
    process: site.process,
    lang: language,
  };
  if (source !== undefined) query.source = String(source);
  return query;
}

/**
 * One connection per identity: `connect` with new credentials closes the old socket and opens
 * one for them once the client has loaded (none for null credentials); the same identity again
 * changes nothing. `identityOf` says what makes an identity new; another language does too, so a
 * switch of language reconnects in it.
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
    connect(
      credentials: Credentials | null,
      source: number | undefined,
      language: Language = defaultLanguage,
    ): void {
      const identity = credentials ? `${options.identityOf(credentials, source)}|${language}` : '';
      if (identity === connectedAs) return;
      if (socket) endSocket(socket);
      socket = null;
      connectedAs = identity;
      if (!credentials) return;
      const query = handshakeQuery(credentials, source, language);
      void loadSocketIo().then((load) => {
        // Another identity, or none, may have taken over while the client loaded.
        if (identity !== connectedAs || socket) return;
        socket = options.open(load, query);
      });
    },
  };
}

/** What watches a socket, to stop when the client ends it (see `endSocket`). */
const watchEnders = new WeakMap<Socket, (() => void)[]>();

function onEnd(socket: Socket, end: () => void): void {
  watchEnders.set(socket, [...(watchEnders.get(socket) ?? []), end]);
}

/**
 * Ends a socket for good: stops its watches and closes it. A socket that is not connected at
 * that moment (refused, or between reconnection attempts) closes without a `disconnect` event,
 * so the watches cannot learn it from the socket itself.
 */
export function endSocket(socket: Socket): void {
  for (const end of watchEnders.get(socket) ?? []) end();
  watchEnders.delete(socket);
  socket.disconnect();
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
  const stop = () => {
    clearInterval(timer);
    socket.io.off('packet', heard);
    socket.io.off('ping', heard);
  };
  socket.on('disconnect', (reason) => {
    if (reason === 'io client disconnect') stop();
  });
  onEnd(socket, stop);
}

/** Why the server refused a connection on purpose: `{code, msg}` as HTTP calls answer. */
export interface SocketRefusal {
  code: number;
  msg: string;
}

/**
 * Where a socket stands:
 * - `connecting`: not connected yet, or dropped and reconnecting, with no attempt failed yet;
 * - `connected`;
 * - `offline`: an attempt to reach the server failed (no answer, a refused TCP connection, no
 *   handshake within the connect timeout), or every reconnection attempt has (`gave-up`);
 * - `refused`: the server answered and said no (a dead token: docs/realtime.md);
 * - `ended`: the server closed the connection on purpose, which Socket.IO does not reconnect.
 */
export type SocketState =
  | { kind: 'connecting' }
  | { kind: 'connected' }
  | { kind: 'offline'; reason: 'network' | 'timeout' | 'gave-up' }
  | { kind: 'refused'; refusal: SocketRefusal }
  | { kind: 'ended' };

/**
 * The server's own refusal of a connection (Socket.IO's CONNECT_ERROR packet, whose `data` the
 * server fills with `{code, msg}`), or null for a failure to reach the server at all.
 */
export function refusalOf(error: Error): SocketRefusal | null {
  const data = (error as Error & { data?: unknown }).data;
  if (typeof data !== 'object' || data === null) return null;
  const { code, msg } = data as { code?: unknown; msg?: unknown };
  if (typeof code !== 'number') return null;
  return { code, msg: typeof msg === 'string' ? msg : error.message };
}

/**
 * Refusals worth asking again: the server could not check the token (1099: its database was
 * away) or was busy (1004). A refused token (403) or a malformed query (1000) stays refused
 * until the identity changes, which opens a new socket.
 */
const retriedRefusalCodes: ReadonlySet<number> = new Set([1004, 1099]);

/** Socket.IO's own reason for a disconnect it will not follow with a reconnection. */
const serverEndedReason = 'io server disconnect';
const clientEndedReason = 'io client disconnect';

/**
 * Follows a socket's connection and tells `onState` each change (SPEC §8's socket events).
 * Socket.IO 4 raises them in two places, so each is heard where it is really emitted:
 * - `connect_error` on the socket: every failed attempt, the first connection's and each
 *   reconnection's. With `data` it is the server's refusal (no automatic retry follows);
 *   without, the server was not reached. `connect_timeout` of Socket.IO 2 no longer exists:
 *   the manager's connect timeout now fails the attempt with an Error whose message is
 *   `timeout`, which arrives here.
 * - `reconnect_error` on the manager (`socket.io`): a reconnection attempt failed.
 * - `reconnect_failed` on the manager: `reconnectionAttempts` ran out and the manager stops.
 * Refusals the server may answer otherwise next time, and a manager that gave up, are tried
 * again with SPEC §9's backoff. A disconnect the client asked for (`endSocket`) stops the watch.
 */
export function watchConnection(socket: Socket, onState: (state: SocketState) => void): void {
  const manager = socket.io;
  const retries = createBackoff({ jitter: 0.5 });
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  // The manager raises the last attempt's reconnect_error after its reconnect_failed.
  let hasGivenUp = false;
  let last = '';
  const tell = (state: SocketState) => {
    const key = JSON.stringify(state);
    if (key === last) return;
    last = key;
    onState(state);
  };
  const retryLater = () => {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => {
      hasGivenUp = false;
      if (!socket.connected) socket.connect();
    }, retries.next());
  };
  const onConnect = () => {
    retries.reset();
    clearTimeout(retryTimer);
    tell({ kind: 'connected' });
  };
  const onConnectError = (error: Error) => {
    const refusal = refusalOf(error);
    if (refusal) {
      tell({ kind: 'refused', refusal });
      if (retriedRefusalCodes.has(refusal.code)) retryLater();
      return;
    }
    tell({ kind: 'offline', reason: error.message === 'timeout' ? 'timeout' : 'network' });
  };
  const onReconnectError = (error: Error) => {
    if (hasGivenUp) return;
    tell({ kind: 'offline', reason: error.message === 'timeout' ? 'timeout' : 'network' });
  };
  const onReconnectFailed = () => {
    hasGivenUp = true;
    tell({ kind: 'offline', reason: 'gave-up' });
    retryLater();
  };
  const stop = () => {
    clearTimeout(retryTimer);
    socket.off('connect', onConnect);
    socket.off('connect_error', onConnectError);
    socket.off('disconnect', onDisconnect);
    manager.off('reconnect_error', onReconnectError);
    manager.off('reconnect_failed', onReconnectFailed);
  };
  const onDisconnect = (reason: Socket.DisconnectReason) => {
    if (reason === clientEndedReason) stop();
    else tell(reason === serverEndedReason ? { kind: 'ended' } : { kind: 'connecting' });
  };
  onEnd(socket, stop);
  socket.on('connect', onConnect);
  socket.on('connect_error', onConnectError);
  socket.on('disconnect', onDisconnect);
  manager.on('reconnect_error', onReconnectError);
  manager.on('reconnect_failed', onReconnectFailed);
  tell(socket.connected ? { kind: 'connected' } : { kind: 'connecting' });
}
