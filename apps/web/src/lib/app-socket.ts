import {
  type AppSocketClientEvents,
  type AppSocketServerEvents,
  appSocketPath,
  type SlipWatchPayload,
} from '@sb/contract';
import type { Socket } from 'socket.io-client';
import type { Credentials } from './api-client';
import { loadSocketIo } from './socket-io';

type AppSocket = Socket<AppSocketServerEvents, AppSocketClientEvents>;
type EventName = keyof AppSocketServerEvents;
type Handler<E extends EventName> = Parameters<AppSocketServerEvents[E]>[0];

/**
 * The one `/app/socket` connection of the signed-in member (DESIGN §5): account events (`balance`,
 * `H`, `J`) reach every feature through `onAppSocketEvent`, whoever opened the connection. The
 * app root calls `connectAppSocket` with the member's credentials whenever they change; visitors
 * hold no connection, as the server would tell them nothing.
 */
let socket: AppSocket | null = null;
let connectedAs = '';
let lastSlip: SlipWatchPayload = { ois: [] };
const listeners = new Map<EventName, Set<(payload: never) => void>>();

function dispatch<E extends EventName>(event: E, payload: Handler<E>): void {
  for (const listener of listeners.get(event) ?? []) (listener as (p: Handler<E>) => void)(payload);
}

export function connectAppSocket(credentials: Credentials | null, source?: number): void {
  const identity = credentials ? `${credentials.uid}:${credentials.token}` : '';
  if (identity === connectedAs) return;
  socket?.disconnect();
  socket = null;
  connectedAs = identity;
  if (!credentials) return;
  const query: Record<string, string> = { token: credentials.token, uid: credentials.uid };
  if (source !== undefined) query.source = String(source);
  void loadSocketIo().then((io) => openSocket(io, identity, query));
}

function openSocket(
  io: Awaited<ReturnType<typeof loadSocketIo>>,
  identity: string,
  query: Record<string, string>,
): void {
  // Another member, or none, may have taken over while the client loaded.
  if (identity !== connectedAs || socket) return;
  // The page's own origin and the default namespace; the endpoint is told apart by its path.
  const next: AppSocket = io({
    path: appSocketPath,
    transports: ['websocket'],
    query,
  });
  next.on('balance', (payload) => dispatch('balance', payload));
  next.on('H', (payload) => dispatch('H', payload));
  next.on('J', (payload) => dispatch('J', payload));
  next.on('refused', (payload) => dispatch('refused', payload));
  // The server forgets the watched slip with the connection; tell it again after each (re)connect.
  next.on('connect', () => {
    if (lastSlip.ois.length > 0) next.emit('slip', lastSlip);
  });
  socket = next;
}

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
  if (socket?.connected) socket.emit('slip', lastSlip);
}
