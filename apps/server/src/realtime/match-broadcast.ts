import {
  type Heartbeat,
  type MatchSocketServerEvents,
  matchSocketSilenceMaxMs,
} from '@sb/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Server } from 'socket.io';
import type { EventState, ReadModel, ReadModelChange } from '../modules/feed/feed.types';
import { startPeriodicJob } from '../platform/periodic-job';
import { isVisibleTo, type Stream, type StreamIndex } from './match-audiences';
import type { RoomRequests } from './match-requests';
import { matchRoomOf, roomNameOf } from './match-rooms';
import type { EventChange, SocketMatchWire } from './match-wire';
import { createRoomFrames } from './room-frames';
import type { UncheckedClientEvents } from './socket-payload';

/**
 * Each socket's turn for a heartbeat (the server time, the epoch and the feed's state) comes this
 * often. A socket sent a match message lately (within `heartbeatQuietMs`, at least its last half)
 * skips its turn: the message proved the connection, deltas and snapshots carry the epoch, and
 * `provider` tells a change of the feed's state at once. Under a busy book that spares 2000
 * sockets 400 messages a second (their clients' CPU, the server's writes); a socket still hears
 * something at least every `matchSocketSilenceMaxMs`.
 */
export const heartbeatIntervalMs = 5_000;
export const heartbeatQuietMs = matchSocketSilenceMaxMs - heartbeatIntervalMs;
/**
 * Sockets are spread over this many heartbeat groups, each sent its heartbeat in turn: one emit
 * to every socket at once writes to thousands of sockets in one turn of the event loop and holds
 * up every odds change due meanwhile; a group at a time costs about as much as a delta.
 */
export const heartbeatGroups = 50;
let nextHeartbeatGroup = 0;

/** The heartbeat group a newly connected socket joins (a room that carries no match). */
export function heartbeatRoomForNewSocket(): string {
  nextHeartbeatGroup = (nextHeartbeatGroup + 1) % heartbeatGroups;
  return `heartbeat:${nextHeartbeatGroup}`;
}
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

export type MatchServer = Server<UncheckedClientEvents, MatchSocketServerEvents>;

export interface MatchBroadcastOptions {
  io: MatchServer;
  readModel: ReadModel;
  matchWire: SocketMatchWire;
  streams: StreamIndex;
  requests: RoomRequests;
  log: FastifyBaseLogger;
}

/**
 * Sends the book's changes to the streams that follow them: a delta per change to match views, a
 * conflated state to list views (suspensions at once), fresh snapshots on a new epoch or a change
 * of the feed's health, and the heartbeat. Each message is built once per stream (a match, a
 * view, an audience) and sent to all its sockets; a match nobody on this process follows costs
 * a lookup.
 */
export function startMatchBroadcast(options: MatchBroadcastOptions) {
  const { io, readModel, matchWire, streams, requests, log } = options;
  const frames = createRoomFrames(io);
  /** List-view matches changed since the last flush: event id to room name. */
  const pendingListStates = new Map<number, string>();
  /**
   * Events under a bet stop, as last sent. The stop suspends every market and the odds change
   * that lifts it reopens those the feed names open again: both change markets the message does
   * not name, so their deltas carry the whole match.
   */
  const betStopped = new Set<number>();
  for (const state of readModel.all())
    if (state.isBetStopped) betStopped.add(state.fixture.eventId);

  /** `alive` false means the feed is silent and every market reads as suspended. */
  const heartbeat = (): Heartbeat => ({
    t: Date.now(),
    epoch: readModel.epoch,
    alive: readModel.isProviderAlive,
  });

  function sendSnapshot(stream: Stream): void {
    frames.emit(
      stream.name,
      'snapshot',
      requests.snapshotOf(matchRoomOf(stream.room), stream.view, stream.audience),
    );
  }

  function onEventChange(change: EventChange): void {
    const { state, message } = change;
    const eventId = state.fixture.eventId;
    const wasBetStopped = betStopped.has(eventId);
    if (state.isBetStopped) betStopped.add(eventId);
    else betStopped.delete(eventId);
    const isWhole = message.type === 'fixture_change' || wasBetStopped !== state.isBetStopped;
    const name = roomNameOf(state.fixture);
    let hasListStream = false;
    for (const stream of streams.streamsOf(name)) {
      // A viewer who may not see the match (a hidden sport, another league) hears nothing of it.
      if (!isVisibleTo(stream.audience, state)) continue;
      if (stream.view === 'list') {
        hasListStream = true;
        if (isSuspension(change))
          frames.emit(
            stream.name,
            'snapshot',
            requests.stateSnapshot(name, state, 'list', stream.audience),
          );
        continue;
      }
      frames.emit(stream.name, 'delta', {
        room: name,
        epoch: readModel.epoch,
        seq: state.seq,
        data: matchWire.deltaData(change, stream.audience, isWhole),
      });
    }
    // A play changes nothing a list row shows but the clock, which the row reads forward itself.
    if (!hasListStream || message.type === 'play') return;
    if (isSuspension(change)) pendingListStates.delete(eventId);
    else pendingListStates.set(eventId, name);
  }

  /**
   * An operator held or released markets, or changed the book's margins: a fresh snapshot to
   * every stream of the match at once (like a bet stop, a suspension is never conflated), as every
   * market may read or be priced otherwise.
   */
  function onTradingChange(state: EventState): void {
    const name = roomNameOf(state.fixture);
    pendingListStates.delete(state.fixture.eventId);
    for (const stream of streams.streamsOf(name)) {
      if (!isVisibleTo(stream.audience, state)) continue;
      frames.emit(
        stream.name,
        'snapshot',
        requests.stateSnapshot(name, state, stream.view, stream.audience),
      );
    }
  }

  function flushListStates(): void {
    for (const [eventId, name] of pendingListStates) {
      const state = readModel.get(eventId);
      if (!state) continue;
      for (const stream of streams.streamsOf(name)) {
        if (stream.view !== 'list' || !isVisibleTo(stream.audience, state)) continue;
        frames.emit(
          stream.name,
          'snapshot',
          requests.stateSnapshot(name, state, 'list', stream.audience),
        );
      }
    }
    pendingListStates.clear();
  }

  /**
   * A new picture (a new epoch), or every market's status changed with the feed's health: every
   * followed match gets a fresh snapshot.
   */
  function resendAll(): void {
    pendingListStates.clear();
    for (const stream of [...streams.all()]) sendSnapshot(stream);
  }

  const unsubscribe = readModel.subscribe((change: ReadModelChange) => {
    try {
      if (change.kind === 'event') onEventChange(change);
      else if (change.kind === 'trading') onTradingChange(change.state);
      else if (change.kind === 'reset') {
        betStopped.clear();
        resendAll();
      } else {
        io.emit('provider', { epoch: readModel.epoch, alive: change.isAlive });
        resendAll();
      }
    } catch (error) {
      // A fault in sending must never stop the feed from being applied.
      log.error({ err: error }, 'match socket broadcast failed');
    }
  });
  let heartbeatGroup = 0;
  const heartbeats = startPeriodicJob({
    run: () => {
      heartbeatGroup = (heartbeatGroup + 1) % heartbeatGroups;
      frames.emitToQuiet(`heartbeat:${heartbeatGroup}`, heartbeatQuietMs, 'heartbeat', heartbeat());
    },
    everyMs: heartbeatIntervalMs / heartbeatGroups,
    onError: (error) => log.error({ err: error }, 'match socket heartbeat failed'),
  });
  const listFlushes = startPeriodicJob({
    run: flushListStates,
    everyMs: listConflationMs,
    onError: (error) => log.error({ err: error }, 'match socket list flush failed'),
  });

  return {
    heartbeat,
    stop(): void {
      unsubscribe();
      // Both runs are synchronous: none is in flight to wait for.
      void heartbeats.stop();
      void listFlushes.stop();
    },
  };
}
