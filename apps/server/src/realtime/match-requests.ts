import {
  appendJoinRoomPayloadSchema,
  joinRoomPayloadSchema,
  type MatchSnapshot,
  type MatchSocketServerEvents,
  resyncPayloadSchema,
  type SocketAnswer,
} from '@sb/contract';
import type { Socket } from 'socket.io';
import type { AuthenticatedUser } from '../http/request-context';
import type { EventState, ReadModel } from '../modules/feed/feed.types';
import type { Viewer } from '../modules/match/match.types';
import { createTokenBucket, type TokenBucket } from '../platform/token-bucket';
import { type Audience, audienceOf, type StreamIndex } from './match-audiences';
import {
  type MatchRoom,
  matchRoomOf,
  maxRoomsPerSocket,
  type RoomView,
  streamName,
} from './match-rooms';
import type { SocketMatchWire } from './match-wire';
import {
  invalid,
  parsePayload,
  rateLimited,
  success,
  type UncheckedClientEvents,
} from './socket-payload';

/** Room requests (join-room, append-join-room, G): a burst of 10, then 2 a second. */
const roomRequestBurst = 10;
const roomRequestsPerSecond = 2;
/** Snapshots one socket may ask for: two full room sets at once, then 60 a second. */
const snapshotBurst = 2 * maxRoomsPerSocket;
const snapshotsPerSecond = 60;

export type MatchSocket = Socket<UncheckedClientEvents, MatchSocketServerEvents>;

/** Who is on the other end of a match socket, as the match calls would see them. */
export interface SocketViewer {
  user: AuthenticatedUser;
  /** SPEC §1's source 1 in the handshake: the live-stream flavour. */
  isLiveStream: boolean;
  viewer: Viewer;
  /** When `viewer` was resolved (epoch ms). */
  resolvedAt: number;
}

/** A room the socket follows: how, for whom, and the stream it listens to. */
export interface HeldRoom {
  room: MatchRoom;
  view: RoomView;
  audience: Audience;
  stream: string;
}

/** A room a request follows, and how. */
interface FollowedRoom {
  room: MatchRoom;
  view: RoomView;
}

/** What the server keeps per match socket: its viewer, the rooms it follows, and its budgets. */
export interface MatchSocketState {
  viewer: SocketViewer;
  rooms: Map<string, HeldRoom>;
  /** The room of the socket's count audience (see match-counts.ts). */
  countsRoom: string | undefined;
  requests: TokenBucket;
  snapshots: TokenBucket;
}

export function createMatchSocketState(viewer: SocketViewer): MatchSocketState {
  return {
    viewer,
    rooms: new Map(),
    countsRoom: undefined,
    requests: createTokenBucket(roomRequestBurst, roomRequestsPerSecond),
    snapshots: createTokenBucket(snapshotBurst, snapshotsPerSecond),
  };
}

export type RoomRequest = (
  socket: MatchSocket,
  state: MatchSocketState,
  payload: unknown,
) => SocketAnswer;

/** Room names as the schema accepted them, each once. */
const roomsNamed = (names: readonly string[]) => [...new Set(names)].map(matchRoomOf);

export interface RoomRequestsOptions {
  readModel: ReadModel;
  matchWire: SocketMatchWire;
  streams: StreamIndex;
}

/** The snapshots of matches, and the three room requests of `/match/socket`. */
export function createRoomRequests({ readModel, matchWire, streams }: RoomRequestsOptions) {
  /** The match as one audience and view see it; seq 0 and no data when there is none for them. */
  function stateSnapshot(
    name: string,
    state: EventState | undefined,
    view: RoomView,
    audience: Audience,
  ): MatchSnapshot {
    const data = state ? matchWire.snapshotData(state, view, audience) : null;
    return { room: name, epoch: readModel.epoch, seq: state && data ? state.seq : 0, data };
  }

  function snapshotOf(room: MatchRoom, view: RoomView, audience: Audience): MatchSnapshot {
    const state = readModel.get(room.matchId);
    const isSame = state !== undefined && state.fixture.sportId === room.sportId;
    return stateSnapshot(room.name, isSame ? state : undefined, view, audience);
  }

  /** A room naming a match the book knows under another sport can never be right. */
  function wrongSport(rooms: MatchRoom[]): string | undefined {
    for (const room of rooms) {
      const state = readModel.get(room.matchId);
      if (state && state.fixture.sportId !== room.sportId)
        return `room ${room.name}: match ${room.matchId} is not of sport ${room.sportId}`;
    }
    return undefined;
  }

  /** Moves the socket onto the room's stream for this view and the socket's audience. */
  function listen(socket: MatchSocket, state: MatchSocketState, room: MatchRoom, view: RoomView) {
    const audience = audienceOf(state.viewer.viewer, room.sportId);
    const stream = streamName(room.name, view, audience.key);
    const held = state.rooms.get(room.name);
    if (held && held.stream !== stream) void socket.leave(held.stream);
    streams.announce(audience);
    void socket.join(stream);
    const entry: HeldRoom = { room, view, audience, stream };
    state.rooms.set(room.name, entry);
    return entry;
  }

  function follow(socket: MatchSocket, state: MatchSocketState, rooms: FollowedRoom[]) {
    const held = rooms.map(({ room, view }) => listen(socket, state, room, view));
    // Joined and answered in the same turn: every later change is a delta after this snapshot.
    for (const entry of held)
      socket.emit('snapshot', snapshotOf(entry.room, entry.view, entry.audience));
  }

  /**
   * The view a join gives a room. A `list` join keeps a room the socket follows in `match` view
   * as it is: the match view carries everything a list row shows, and a client that opened the
   * match's detail beside its list (`append-join-room`) sends the detail's room with the list's
   * next join, so the set stays whole, without losing the detail's deltas.
   * `append-join-room` with `view: 'list'` moves such a room back.
   */
  function joinedView(state: MatchSocketState, room: MatchRoom, view: RoomView): RoomView {
    return view === 'list' && state.rooms.get(room.name)?.view === 'match' ? 'match' : view;
  }

  const joinRoom: RoomRequest = (socket, state, payload) => {
    const parsed = parsePayload(joinRoomPayloadSchema, payload);
    if (!parsed.ok) return invalid(parsed.msg);
    const rooms = roomsNamed(parsed.value.rooms);
    const view = parsed.value.view ?? 'match';
    const initData = parsed.value.initData === true;
    const mismatch = wrongSport(rooms);
    if (mismatch) return invalid(mismatch);
    const fresh = rooms
      .map((room) => ({ room, view: joinedView(state, room, view) }))
      .filter(({ room, view: joined }) => {
        const held = state.rooms.get(room.name);
        return initData || held === undefined || held.view !== joined;
      });
    if (!state.snapshots.take(fresh.length))
      return rateLimited('too many snapshots asked for, slow down');
    const wanted = new Set(rooms.map((room) => room.name));
    for (const [name, held] of state.rooms) {
      if (wanted.has(name)) continue;
      void socket.leave(held.stream);
      state.rooms.delete(name);
    }
    follow(socket, state, fresh);
    return success({ rooms: state.rooms.size });
  };

  const appendJoinRoom: RoomRequest = (socket, state, payload) => {
    const parsed = parsePayload(appendJoinRoomPayloadSchema, payload);
    if (!parsed.ok) return invalid(parsed.msg);
    const value = parsed.value;
    const name = typeof value === 'string' ? value : (value.room ?? value.rooms?.[0]);
    if (name === undefined) return invalid('append-join-room takes one room');
    const room = matchRoomOf(name);
    const view = (typeof value === 'string' ? undefined : value.view) ?? 'match';
    const mismatch = wrongSport([room]);
    if (mismatch) return invalid(mismatch);
    if (!state.rooms.has(room.name) && state.rooms.size >= maxRoomsPerSocket)
      return invalid(`at most ${maxRoomsPerSocket} rooms per socket`);
    if (!state.snapshots.take(1)) return rateLimited('too many snapshots asked for, slow down');
    follow(socket, state, [{ room, view }]);
    return success({ rooms: state.rooms.size });
  };

  const resync: RoomRequest = (socket, state, payload) => {
    const parsed = parsePayload(resyncPayloadSchema, payload);
    if (!parsed.ok) return invalid(parsed.msg);
    const names = parsed.value?.rooms;
    const rooms = names ? roomsNamed(names) : [...state.rooms.values()].map((held) => held.room);
    const stranger = rooms.find((room) => !state.rooms.has(room.name));
    if (stranger) return invalid(`room ${stranger.name} is not joined`);
    if (!state.snapshots.take(rooms.length))
      return rateLimited('too many snapshots asked for, slow down');
    for (const room of rooms) {
      const held = state.rooms.get(room.name) as HeldRoom;
      socket.emit('snapshot', snapshotOf(room, held.view, held.audience));
    }
    return success({ rooms: rooms.length });
  };

  /**
   * After the socket's viewer changed (margins, leagues, control switches): every room whose
   * audience is no longer the socket's moves to its new stream, with a fresh snapshot.
   */
  function reviewAudiences(socket: MatchSocket, state: MatchSocketState): number {
    const moved: HeldRoom[] = [];
    for (const held of [...state.rooms.values()]) {
      const audience = audienceOf(state.viewer.viewer, held.room.sportId);
      if (audience.key !== held.audience.key)
        moved.push(listen(socket, state, held.room, held.view));
    }
    for (const entry of moved)
      socket.emit('snapshot', snapshotOf(entry.room, entry.view, entry.audience));
    return moved.length;
  }

  return { snapshotOf, stateSnapshot, joinRoom, appendJoinRoom, resync, reviewAudiences };
}

export type RoomRequests = ReturnType<typeof createRoomRequests>;
