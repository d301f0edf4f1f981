import { errorCatalogue } from '@sb/contract';
import type { Socket } from 'socket.io';
import type { EventState, ReadModel } from '../modules/feed/read-model';
import {
  type MatchRoom,
  maxRoomsPerSocket,
  parseAppendJoinRoom,
  parseJoinRoom,
  parseResync,
  type RoomView,
  streamRoom,
} from './match-rooms';
import type { MatchWireMapper } from './match-wire';
import { createTokenBucket, type TokenBucket } from './token-bucket';

/** Room requests (join-room, append-join-room, G): a burst of 10, then 2 a second. */
const roomRequestBurst = 10;
const roomRequestsPerSecond = 2;
/** Snapshots one socket may ask for: two full room sets at once, then 60 a second. */
const snapshotBurst = 2 * maxRoomsPerSocket;
const snapshotsPerSecond = 60;
/** Packets of any kind; beyond this the socket is flooding and is disconnected. */
const packetBurst = 60;
const packetsPerSecond = 20;

/** What the client is told about one match: `seq` and `epoch` say where the stream stands. */
export interface MatchMessage {
  room: string;
  epoch: number;
  /** The match's seq: +1 for every change; 0 with data null when the book has no such match. */
  seq: number;
  data: unknown;
}

/** The answer to a request, through its ack; a refusal changes nothing. */
export type SocketAnswer =
  | { code: 0; msg: 'success'; data: unknown }
  | { code: number; msg: string; data: null };

const success = (data: unknown): SocketAnswer => ({ code: 0, msg: 'success', data });
const invalid = (msg: string): SocketAnswer => ({
  code: errorCatalogue.INVALID_INPUT.code,
  msg,
  data: null,
});
export const rateLimited = (msg: string): SocketAnswer => ({
  code: errorCatalogue.RATE_LIMITED.code,
  msg,
  data: null,
});

/** What the server keeps per match socket: the rooms it follows, and its budgets. */
export interface MatchSocketState {
  rooms: Map<string, { room: MatchRoom; view: RoomView }>;
  requests: TokenBucket;
  snapshots: TokenBucket;
  packets: TokenBucket;
}

export function createMatchSocketState(): MatchSocketState {
  return {
    rooms: new Map(),
    requests: createTokenBucket(roomRequestBurst, roomRequestsPerSecond),
    snapshots: createTokenBucket(snapshotBurst, snapshotsPerSecond),
    packets: createTokenBucket(packetBurst, packetsPerSecond),
  };
}

export type RoomRequest = (
  socket: Socket,
  state: MatchSocketState,
  payload: unknown,
) => SocketAnswer;

/** The snapshots of matches, and the three room requests of `/match/socket`. */
export function createRoomRequests(readModel: ReadModel, mapper: MatchWireMapper) {
  function snapshotOf(room: MatchRoom): MatchMessage {
    const state = readModel.get(room.matchId);
    const isSame = state !== undefined && state.fixture.sportId === room.sportId;
    return {
      room: room.name,
      epoch: readModel.epoch,
      seq: isSame ? state.seq : 0,
      data: isSame ? mapper.toSnapshot(state) : null,
    };
  }

  function stateSnapshot(name: string, state: EventState): MatchMessage {
    return { room: name, epoch: readModel.epoch, seq: state.seq, data: mapper.toSnapshot(state) };
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

  function follow(socket: Socket, state: MatchSocketState, rooms: MatchRoom[], view: RoomView) {
    for (const room of rooms) {
      const held = state.rooms.get(room.name);
      if (held && held.view !== view) void socket.leave(streamRoom(room.name, held.view));
      void socket.join(streamRoom(room.name, view));
      state.rooms.set(room.name, { room, view });
    }
    // Joined and answered in the same turn: every later change is a delta after this snapshot.
    for (const room of rooms) socket.emit('snapshot', snapshotOf(room));
  }

  const joinRoom: RoomRequest = (socket, state, payload) => {
    const parsed = parseJoinRoom(payload);
    if (!parsed.ok) return invalid(parsed.msg);
    const { rooms, view, initData } = parsed.value;
    const mismatch = wrongSport(rooms);
    if (mismatch) return invalid(mismatch);
    const fresh = rooms.filter((room) => {
      const held = state.rooms.get(room.name);
      return initData || held === undefined || held.view !== view;
    });
    if (!state.snapshots.take(fresh.length))
      return rateLimited('too many snapshots asked for, slow down');
    const wanted = new Set(rooms.map((room) => room.name));
    for (const [name, held] of state.rooms) {
      if (wanted.has(name)) continue;
      void socket.leave(streamRoom(name, held.view));
      state.rooms.delete(name);
    }
    follow(socket, state, fresh, view);
    return success({ rooms: state.rooms.size });
  };

  const appendJoinRoom: RoomRequest = (socket, state, payload) => {
    const parsed = parseAppendJoinRoom(payload);
    if (!parsed.ok) return invalid(parsed.msg);
    const { room, view } = parsed.value;
    const mismatch = wrongSport([room]);
    if (mismatch) return invalid(mismatch);
    if (!state.rooms.has(room.name) && state.rooms.size >= maxRoomsPerSocket)
      return invalid(`at most ${maxRoomsPerSocket} rooms per socket`);
    if (!state.snapshots.take(1)) return rateLimited('too many snapshots asked for, slow down');
    follow(socket, state, [room], view);
    return success({ rooms: state.rooms.size });
  };

  const resync: RoomRequest = (socket, state, payload) => {
    const parsed = parseResync(payload);
    if (!parsed.ok) return invalid(parsed.msg);
    const rooms = parsed.value ?? [...state.rooms.values()].map((held) => held.room);
    const stranger = rooms.find((room) => !state.rooms.has(room.name));
    if (stranger) return invalid(`room ${stranger.name} is not joined`);
    if (!state.snapshots.take(rooms.length))
      return rateLimited('too many snapshots asked for, slow down');
    for (const room of rooms) socket.emit('snapshot', snapshotOf(room));
    return success({ rooms: rooms.length });
  };

  return { snapshotOf, stateSnapshot, joinRoom, appendJoinRoom, resync };
}

export type RoomRequests = ReturnType<typeof createRoomRequests>;
