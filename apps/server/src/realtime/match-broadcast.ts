import type { FastifyBaseLogger } from 'fastify';
import type { Server } from 'socket.io';
import type { ReadModel, ReadModelChange } from '../modules/feed/read-model';
import type { MatchMessage, RoomRequests } from './match-requests';
import { parseRoomName, roomNameOf, streamRoom } from './match-rooms';
import type { EventChange, MatchWireMapper } from './match-wire';

/** Every socket hears a heartbeat this often, with the server time, the epoch and the feed's state. */
export const heartbeatIntervalMs = 5_000;
/** List views get at most one state per match per this interval (suspensions at once). */
export const listConflationMs = 200;

const finishedStatuses = new Set(['ended', 'closed', 'cancelled', 'abandoned', 'postponed']);

/**
 * Changes that take bets away (or end the match) reach list views at once instead of waiting
 * for the next conflated state: a member must never see an open price that is not.
 */
export function isSuspension(change: EventChange): boolean {
  const { message } = change;
  switch (message.type) {
    case 'bet_stop':
    case 'bet_cancel':
      return true;
    case 'odds_change':
      return (
        finishedStatuses.has(message.status.status) ||
        message.markets.some((market) => market.status !== 'active')
      );
    case 'fixture_change':
      return message.changeType === 'cancelled';
    default:
      return false;
  }
}

export interface MatchBroadcastOptions {
  io: Server;
  readModel: ReadModel;
  mapper: MatchWireMapper;
  requests: RoomRequests;
  log: FastifyBaseLogger;
}

/**
 * Sends the book's changes to the rooms that follow them: a delta per change to match views, a
 * conflated state to list views (suspensions at once), fresh snapshots on a new epoch, the
 * provider's state, and the heartbeat. A room nobody on this process follows costs nothing.
 */
export function startMatchBroadcast(options: MatchBroadcastOptions) {
  const { io, readModel, mapper, requests, log } = options;
  const roomsOfServer = () => io.of('/').adapter.rooms;
  /** List-view matches changed since the last flush: event id to room name. */
  const pendingListStates = new Map<number, string>();

  /** `alive` false means the feed is silent and every market reads as suspended. */
  const heartbeat = () => ({
    t: Date.now(),
    epoch: readModel.epoch,
    alive: readModel.isProviderAlive,
  });

  function onEventChange(change: EventChange): void {
    const { state } = change;
    const name = roomNameOf(state.fixture);
    const rooms = roomsOfServer();
    if (rooms.has(name)) {
      const delta: MatchMessage = {
        room: name,
        epoch: readModel.epoch,
        seq: state.seq,
        data: mapper.toDelta(change),
      };
      io.to(name).emit('delta', delta);
    }
    const listRoom = streamRoom(name, 'list');
    if (!rooms.has(listRoom)) return;
    if (isSuspension(change)) {
      pendingListStates.delete(state.fixture.eventId);
      io.to(listRoom).emit('snapshot', requests.stateSnapshot(name, state));
    } else {
      pendingListStates.set(state.fixture.eventId, name);
    }
  }

  function flushListStates(): void {
    const rooms = roomsOfServer();
    for (const [eventId, name] of pendingListStates) {
      const state = readModel.get(eventId);
      const listRoom = streamRoom(name, 'list');
      if (state && rooms.has(listRoom))
        io.to(listRoom).emit('snapshot', requests.stateSnapshot(name, state));
    }
    pendingListStates.clear();
  }

  /** A new picture (new epoch): every followed match gets a fresh snapshot. */
  function onReset(): void {
    pendingListStates.clear();
    for (const streamName of roomsOfServer().keys()) {
      const name = streamName.startsWith('list:') ? streamName.slice('list:'.length) : streamName;
      const room = parseRoomName(name);
      if (room.ok) io.to(streamName).emit('snapshot', requests.snapshotOf(room.value));
    }
  }

  const unsubscribe = readModel.subscribe((change: ReadModelChange) => {
    try {
      if (change.kind === 'event') onEventChange(change);
      else if (change.kind === 'reset') onReset();
      else io.emit('provider', { epoch: readModel.epoch, alive: change.isAlive });
    } catch (error) {
      // A fault in sending must never stop the feed from being applied.
      log.error({ err: error }, 'match socket broadcast failed');
    }
  });
  const heartbeatTimer = setInterval(() => io.emit('heartbeat', heartbeat()), heartbeatIntervalMs);
  const flushTimer = setInterval(flushListStates, listConflationMs);
  heartbeatTimer.unref();
  flushTimer.unref();

  return {
    heartbeat,
    stop(): void {
      unsubscribe();
      clearInterval(heartbeatTimer);
      clearInterval(flushTimer);
    },
  };
}
