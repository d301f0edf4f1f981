import {
  type MatchSocketClientEvents,
  type MatchSocketServerEvents,
  matchSocketPath,
  matchSocketSilenceMaxMs,
  parseMatchRoomName,
} from '@sb/contract';
import type { Socket } from 'socket.io-client';
import { applyPushedSysInit } from '../../../lib/app-init/site-init';
import {
  closeWhenSilent,
  createSocketHolder,
  type SocketState,
  watchConnection,
} from '../../../lib/socket-io';
import { browserStorages } from '../../../lib/storage';
import { createRoomFollower, type RoomRequest } from './followed-rooms';
import { createLiveStore } from './live-store';
import { createSportCountsStore } from './sport-counts-store';

type MatchSocket = Socket<MatchSocketServerEvents, MatchSocketClientEvents>;

/** The one live store of the member site, fed by `/match/socket`. */
export const liveStore = createLiveStore({
  requestResync(rooms) {
    const socket = matchSocket.socket;
    if (socket?.connected) socket.emit('G', { rooms });
  },
});

/** The sport tabs' counts as the match socket last sent them, for this identity. */
export const sportCountsStore = createSportCountsStore();

/**
 * The rooms followed (the list's and a detail's), kept in session storage: after a reload the
 * socket joins them as soon as it connects, before the list has drawn its rows.
 */
const roomFollower = createRoomFollower({
  storage: browserStorages().session,
  isConnected: () => matchSocket.socket?.connected === true,
  send(request: RoomRequest) {
    const socket = matchSocket.socket;
    if (!socket) return;
    if (request.event === 'join-room') socket.emit('join-room', request.payload);
    else socket.emit('append-join-room', request.payload);
  },
  // Matches no longer followed would go stale; forget them (a panel listening keeps its own)
  // so a row that scrolls back shows the list's data until its fresh snapshot.
  onJoin(rooms) {
    liveStore.retain(new Set(rooms.map((room) => parseMatchRoomName(room)?.matchId ?? 0)));
  },
});

/** Where the game socket stands, for the page's network-error notice (SPEC §8). */
let connectionState: SocketState = { kind: 'connecting' };
const stateListeners = new Set<() => void>();

function setConnectionState(state: SocketState): void {
  connectionState = state;
  for (const listener of stateListeners) listener();
}

export const matchSocketState = {
  get: (): SocketState => connectionState,
  subscribe(listener: () => void): () => void {
    stateListeners.add(listener);
    return () => stateListeners.delete(listener);
  },
};

/**
 * Opens (or re-opens, for a new identity) the game socket (SPEC §4): websocket transport,
 * reconnecting 1–5 s with randomization 0.5 and a 20 s connect timeout, and after 15 s without
 * a message. Visitors have tokens too, so everyone connects. After a reconnect the server knows
 * no rooms: join again (the detail's first), then `G`.
 */
const matchSocket = createSocketHolder<MatchSocket>({
  identityOf: (credentials, source) => `${credentials.uid}:${credentials.token}:${source ?? ''}`,
  open(io, query) {
    sportCountsStore.clear();
    const next: MatchSocket = io({
      path: matchSocketPath,
      transports: ['websocket'],
      query,
      reconnectionDelay: 1_000,
      reconnectionDelayMax: 5_000,
      randomizationFactor: 0.5,
      timeout: 20_000,
    });
    watchConnection(next, setConnectionState);
    let hasConnected = false;
    next.on('connect', () => {
      roomFollower.joinAll();
      if (hasConnected) next.emit('G');
      hasConnected = true;
    });
    next.on('snapshot', (message) => liveStore.applySnapshot(message));
    next.on('delta', (message) => liveStore.applyDelta(message));
    next.on('counts', (message) => sportCountsStore.apply(message));
    // App init on connect and on every change of the control switches (docs/realtime.md).
    next.on('sysinit', (message) => applyPushedSysInit(message));
    // The server is never silent longer than `matchSocketSilenceMaxMs`; twice that means a dead
    // connection, with odds on screen that no longer move.
    closeWhenSilent(next, 2 * matchSocketSilenceMaxMs);
    return next;
  },
});

export const connectMatchSocket = matchSocket.connect;

/** The rooms on screen (view 'list'); the set replaces what was followed before. */
export function followRooms(rooms: readonly string[]): void {
  roomFollower.followList(rooms);
}

/**
 * The room of the match detail opened beside the list (`append-join-room`, view 'match': every
 * change at once), or null when it closes.
 */
export function followDetail(room: string | null): void {
  roomFollower.followDetail(room);
}
