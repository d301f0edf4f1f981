import {
  type AppendJoinRoomPayload,
  type JoinRoomPayload,
  maxRoomsPerSocket,
  parseMatchRoomName,
} from '@sb/contract';
import { readJson, writeJson } from '../../../lib/storage';

/**
 * Session-storage key of the rooms the game socket follows (SPEC §4 keeps the room list in
 * session storage; it names no key).
 */
export const followedRoomsKey = 'matchRooms';

/** The rooms of the list on screen, and the room of a match's detail opened beside it. */
export interface FollowedRooms {
  list: readonly string[];
  detail: string | null;
}

export const noFollowedRooms: FollowedRooms = { list: [], detail: null };

const isRoomName = (value: unknown): value is string =>
  typeof value === 'string' && parseMatchRoomName(value) !== null;

/** Every room followed, each once: the list's, then the detail's. */
export function allRooms(rooms: FollowedRooms): string[] {
  const all = new Set(rooms.list);
  if (rooms.detail !== null) all.add(rooms.detail);
  return [...all];
}

/**
 * What the tab followed before a reload. The page comes back without the detail open (which
 * match it showed is not part of the address), so its room is joined with the list's until
 * the list on screen says which rooms it shows. Anything unreadable is no rooms at all.
 */
export function readFollowedRooms(storage: Storage): FollowedRooms {
  const stored = readJson(storage, followedRoomsKey);
  if (typeof stored !== 'object' || stored === null) return noFollowedRooms;
  const { list, detail } = stored as { list?: unknown; detail?: unknown };
  const rooms = Array.isArray(list) ? list.filter(isRoomName) : [];
  if (isRoomName(detail)) rooms.push(detail);
  return { list: [...new Set(rooms)].slice(0, maxRoomsPerSocket), detail: null };
}

export function writeFollowedRooms(storage: Storage, rooms: FollowedRooms): void {
  writeJson(storage, followedRoomsKey, { list: rooms.list, detail: rooms.detail });
}

/** A room request as the game socket sends it. */
export type RoomRequest =
  | { event: 'join-room'; payload: JoinRoomPayload }
  | { event: 'append-join-room'; payload: AppendJoinRoomPayload };

/** The server follows at most 300 rooms per socket; the list asks for fewer, leaving the detail one. */
export const listRoomsMax = 200;

export interface RoomFollowerOptions {
  storage: Storage;
  /** Whether a request sent now reaches the server; a connection joins everything anew. */
  isConnected(): boolean;
  send(request: RoomRequest): void;
  /** Told every room set a join is about to send, the detail's included. */
  onJoin?(rooms: readonly string[]): void;
  /** Waits before the list's join; room requests are rate-limited by the server. */
  joinDelayMs?: number;
}

/**
 * Which rooms the game socket follows and the requests that keep the server's set the same
 * (docs/realtime.md): the list's rooms in `list` view through `join-room` (sent once scrolling
 * settles), a detail opened beside the list added in `match` view through `append-join-room`
 * and named in the list's later joins, which the server lets keep its view. Closing the detail
 * moves its room back to the list view when the list shows it, or drops it with a new join.
 * Every change is written to session storage, so a reload joins the same rooms at once.
 */
export function createRoomFollower(options: RoomFollowerOptions) {
  const joinDelayMs = options.joinDelayMs ?? 250;
  let rooms = readFollowedRooms(options.storage);
  let joinTimer: ReturnType<typeof setTimeout> | undefined;

  const remember = (next: FollowedRooms) => {
    rooms = next;
    writeFollowedRooms(options.storage, rooms);
  };

  function sendJoin(): void {
    clearTimeout(joinTimer);
    joinTimer = undefined;
    const all = allRooms(rooms);
    options.onJoin?.(all);
    if (!options.isConnected()) return;
    options.send({ event: 'join-room', payload: { initData: false, rooms: all, view: 'list' } });
  }

  function joinSoon(): void {
    clearTimeout(joinTimer);
    joinTimer = setTimeout(sendJoin, joinDelayMs);
  }

  return {
    get rooms(): FollowedRooms {
      return rooms;
    },
    /** The rooms the list shows; the set replaces the list's earlier one. */
    followList(list: readonly string[]): void {
      const next = [...new Set(list)].slice(0, listRoomsMax).sort();
      if (next.join() === rooms.list.join()) return;
      remember({ ...rooms, list: next });
      joinSoon();
    },
    /** The room of the detail opened beside the list, or null once it closes. */
    followDetail(detail: string | null): void {
      const previous = rooms.detail;
      if (detail === previous) return;
      remember({ ...rooms, detail });
      if (!options.isConnected()) return;
      if (detail !== null)
        options.send({ event: 'append-join-room', payload: { room: detail, view: 'match' } });
      if (previous === null || previous === detail) return;
      if (rooms.list.includes(previous))
        options.send({ event: 'append-join-room', payload: { room: previous, view: 'list' } });
      else joinSoon();
    },
    /** After a (re)connection the server follows nothing: the detail first, then the rest. */
    joinAll(): void {
      if (rooms.detail !== null && options.isConnected())
        options.send({
          event: 'append-join-room',
          payload: { room: rooms.detail, view: 'match' },
        });
      sendJoin();
    },
  };
}
