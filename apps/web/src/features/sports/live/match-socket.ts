import {
  type MatchSocketClientEvents,
  type MatchSocketServerEvents,
  matchSocketPath,
  matchSocketSilenceMaxMs,
  parseMatchRoomName,
} from '@sb/contract';
import type { Socket } from 'socket.io-client';
import { closeWhenSilent, createSocketHolder } from '../../../lib/socket-io';
import { createLiveStore } from './live-store';
import { createSportCountsStore } from './sport-counts-store';

type MatchSocket = Socket<MatchSocketServerEvents, MatchSocketClientEvents>;

/**
 * Room requests are rate-limited by the server (a burst of 10, then 2 a second), so the rooms
 * on screen are sent once scrolling has settled for this long.
 */
const joinDebounceMs = 250;
/** The server follows at most 300 rooms per socket; the list asks for fewer. */
export const followedRoomsMax = 200;

let followed: string[] = [];
let joinTimer: ReturnType<typeof setTimeout> | undefined;

/** The one live store of the member site, fed by `/match/socket`. */
export const liveStore = createLiveStore({
  requestResync(rooms) {
    const socket = matchSocket.socket;
    if (socket?.connected) socket.emit('G', { rooms });
  },
});

/** The sport tabs' counts as the match socket last sent them, for this identity. */
export const sportCountsStore = createSportCountsStore();

function sendJoin(): void {
  // Matches no longer followed would go stale; forget them (the detail panel's stays, as it
  // listens) so a row that scrolls back shows the list's data until its fresh snapshot.
  liveStore.retain(new Set(followed.map((room) => parseMatchRoomName(room)?.matchId ?? 0)));
  const socket = matchSocket.socket;
  if (socket?.connected)
    socket.emit('join-room', { initData: false, rooms: followed, view: 'list' });
}

/**
 * Opens (or re-opens, for a new identity) the game socket (SPEC §4): websocket transport,
 * reconnecting 1–5 s with randomization 0.5 and a 20 s connect timeout, and after 15 s without
 * a message. Visitors have tokens too, so everyone connects. After a reconnect the server knows
 * no rooms: join again, then `G`.
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
    let hasConnected = false;
    next.on('connect', () => {
      sendJoin();
      if (hasConnected) next.emit('G');
      hasConnected = true;
    });
    next.on('snapshot', (message) => liveStore.applySnapshot(message));
    next.on('delta', (message) => liveStore.applyDelta(message));
    next.on('counts', (message) => sportCountsStore.apply(message));
    // The server is never silent longer than `matchSocketSilenceMaxMs`; twice that means a dead
    // connection, with odds on screen that no longer move.
    closeWhenSilent(next, 2 * matchSocketSilenceMaxMs);
    return next;
  },
});

export const connectMatchSocket = matchSocket.connect;

/** The rooms on screen (view 'list'); the set replaces what was followed before. */
export function followRooms(rooms: readonly string[]): void {
  const next = [...new Set(rooms)].slice(0, followedRoomsMax).sort();
  if (next.join() === followed.join()) return;
  followed = next;
  clearTimeout(joinTimer);
  joinTimer = setTimeout(sendJoin, joinDebounceMs);
}
