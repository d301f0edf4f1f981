import {
  type AppSocketClientEvents,
  type AppSocketServerEvents,
  appSocketPath,
  type SlipWatchPayload,
} from '@sb/contract';
import type { Socket } from 'socket.io-client';
import { createSocketHolder, watchConnection } from './socket-io';

type AppSocket = Socket<AppSocketServerEvents, AppSocketClientEvents>;
type EventName = keyof AppSocketServerEvents;
type Handler<E extends EventName> = Parameters<AppSocketServerEvents[E]>[0];

/**
 * The one `/app/socket` connection of the signed-in member (DESIGN §5): account events (`balance`,
 * `H`, `J`) and red-envelope campaigns' statuses (`envelope`) reach every feature through
 * `onAppSocketEvent`, whoever opened the connection. The
 * app root calls `connectAppSocket` with the member's credentials whenever they change; visitors
 * hold no connection, as the server would tell them nothing.
 */
let lastSlip: SlipWatchPayload = { ois: [] };
const listeners = new Map<EventName, Set<(payload: never) => void>>();
const reconnectListeners = new Set<() => void>();

function dispatch<E extends EventName>(event: E, payload: Handler<E>): void {
  for (const listener of listeners.get(event) ?? []) (listener as (p: Handler<E>) => void)(payload);
}

// The source travels with the connection but does not make a new one.
const appSocket = createSocketHolder<AppSocket>({
  identityOf: (credentials) => `${credentials.uid}:${credentials.token}`,
  open(io, query) {
    // The page's own origin and the default namespace; the endpoint is told apart by its path.
    const next: AppSocket = io({
      path: appSocketPath,
      transports: ['websocket'],
      query,
    });
    next.on('balance', (payload) => dispatch('balance', payload));
    next.on('H', (payload) => dispatch('H', payload));
    next.on('J', (payload) => dispatch('J', payload));
    next.on('envelope', (payload) => dispatch('envelope', payload));
    next.on('refused', (payload) => dispatch('refused', payload));
    // Refusals and failed attempts are followed (and retried where the server may say yes
    // later); a refused token ends with the session, which HTTP calls find out about.
    watchConnection(next, () => {});
    let hasConnected = false;
    // The server forgets the watched slip with the connection; tell it again after each (re)connect.
    next.on('connect', () => {
      if (lastSlip.ois.length > 0) next.emit('slip', lastSlip);
      // Events sent while the connection was down are lost: whoever keeps their state reads it.
      if (hasConnected) for (const listener of reconnectListeners) listener();
      hasConnected = true;
    });
    return next;
  },
});

export const connectAppSocket = appSocket.connect;

/** Listens to one account event; returns the function that stops listening. */
export function onAppSocketEvent<E extends EventName>(
  event: E,
  listener: (payload: Handler<E>) => void,
): () => void {
  const set = listeners.get(event) ?? new Set();
  set.add(listener as (payload: never) => void);
  listeners.set(event, set);
  return () => set.delete(listener as (payload: never) => void);
}

/** Tells the server which slip prices to watch for `J` (kept and re-sent after reconnects). */
export function watchSlipPrices(ois: readonly string[]): void {
  lastSlip = { ois: [...ois] };
  const socket = appSocket.socket;
  if (socket?.connected) socket.emit('slip', lastSlip);
}

/**
 * Listens to reconnections of the account socket: the `balance` and `H` events of the outage
 * were lost, so what they keep fresh is read again. Returns the function that stops listening.
 */
export function onAppSocketReconnect(listener: () => void): () => void {
  reconnectListeners.add(listener);
  return () => reconnectListeners.delete(listener);
}
