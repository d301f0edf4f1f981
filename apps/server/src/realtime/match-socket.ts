import type { Server as HttpServer } from 'node:http';
import {
  errorCatalogue,
  type MatchSocketServerEvents,
  matchSocketPath,
  type SocketAnswer,
} from '@sb/contract';
import type { FastifyBaseLogger } from 'fastify';
import { type ExtendedError, Server } from 'socket.io';
import type { Authenticator } from '../http/request-context';
import type { ReadModel } from '../modules/feed/feed.types';
import type { EndedSessions } from '../modules/identity/identity.types';
import type { MatchWireSource } from '../modules/match/match.module';
import type { SiteSettingsValues, Viewer } from '../modules/match/match.types';
import { startPeriodicJob } from '../platform/periodic-job';
import { guardAgainstFlood, type PacketLimit } from './flood-guard';
import { createStreamIndex } from './match-audiences';
import { heartbeatRoomForNewSocket, startMatchBroadcast } from './match-broadcast';
import { startSportCounts } from './match-counts';
import {
  createMatchSocketState,
  createRoomRequests,
  type MatchSocket,
  type MatchSocketState,
  type RoomRequest,
  type SocketViewer,
} from './match-requests';
import { createSocketMatchWire } from './match-wire';
import {
  closeEndedSessions,
  identityOf,
  requireToken,
  startTokenRechecks,
  tokenRecheckMs,
} from './socket-auth';
import {
  invalid,
  rateLimited,
  refuseUnknownEvents,
  takeAck,
  type UncheckedClientEvents,
} from './socket-payload';

/** The largest packet a client may send; a join-room of 300 rooms needs under 10 KB. */
export const matchSocketMaxPayloadBytes = 16 * 1024;
/**
 * How often open sockets look at the control switches again (the match calls read them at most
 * every 5 s too), and how old a socket's profile (margins, leagueIds) may grow before it is read
 * again: an operator's edit reaches open sockets within these times.
 */
export const switchesReviewMs = 5_000;
export const profileReviewMs = 60_000;
/**
 * A review pass hands the event loop back after this long. Sockets connected together grow stale
 * together, and reviewing 2000 of them at once took 47 ms on a 2-core machine: every delta due
 * meanwhile waited. In slices, deltas go out between them.
 */
const reviewSliceMs = 4;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** App init as `/match/api/sysinit` answers it, for the `sysinit` event. */
const sysInitOf = (settings: SiteSettingsValues) => ({
  staticUrl: settings.staticUrl,
  control_switch: [...settings.controlSwitches],
});

export interface MatchSocketOptions {
  httpServer: HttpServer;
  readModel: ReadModel;
  authenticate: Authenticator;
  matches: MatchWireSource;
  /** The app's clock: the display day splits the counts of today and early. */
  now: () => number;
  log: FastifyBaseLogger;
}

const servedEvents: ReadonlySet<string> = new Set(['join-room', 'append-join-room', 'G']);
/** Packets of any kind; beyond this the socket is flooding and is disconnected. */
const packetLimit: PacketLimit = { burst: 60, perSecond: 20 };

/**
 * `/match/socket`: odds, scores and match state for the matches a client follows, in the match
 * calls' own wire form, priced and filtered for the socket's viewer. Each process serves its own
 * sockets from its own read model (every process reads the same feed), so this server needs no
 * adapter across processes and never sends a change twice.
 */
export function attachMatchSocket(options: MatchSocketOptions) {
  const { log, matches } = options;
  const io = new Server<UncheckedClientEvents, MatchSocketServerEvents>(options.httpServer, {
    path: matchSocketPath,
    serveClient: false,
    transports: ['websocket'],
    maxHttpBufferSize: matchSocketMaxPayloadBytes,
    connectTimeout: 10_000,
    // Engine.IO's ping tells the server that a client is gone (a silent one within 35 s). Clients
    // learn a dead connection sooner from the match messages, never apart longer than
    // `matchSocketSilenceMaxMs`: a ping every 10 s was 400 more packets a second over 2000
    // sockets, for nothing the messages do not tell them.
    pingInterval: 25_000,
    pingTimeout: 10_000,
  });
  const streams = createStreamIndex(io.of('/').adapter);
  const matchWire = createSocketMatchWire(matches.wire);
  const requests = createRoomRequests({ readModel: options.readModel, matchWire, streams });
  const broadcast = startMatchBroadcast({
    io,
    readModel: options.readModel,
    matchWire,
    streams,
    requests,
    log,
  });
  const counts = startSportCounts({ io, readModel: options.readModel, now: options.now, log });
  /** Each socket's viewer from the handshake, then its state once connected. */
  const viewers = new WeakMap<MatchSocket, SocketViewer>();
  const states = new WeakMap<MatchSocket, MatchSocketState>();

  /**
   * Reads of viewers under way, by user and flavour: the sockets of one user (a member's tabs,
   * or every socket of one visitor token) that connect together share one read of the profile.
   */
  const viewerReads = new Map<string, Promise<Viewer>>();

  /**
   * The socket's viewer. `reads` shares the reads of one user: by default while they are under
   * way; a review pass passes its own map, so each user is read once per pass.
   */
  async function resolveViewer(
    socket: MatchSocket,
    reads: Map<string, Promise<Viewer>> = viewerReads,
  ): Promise<SocketViewer> {
    const { user, source, language } = identityOf(socket);
    const isLiveStream = source === '1';
    const key = `${user.userId}|${isLiveStream}|${language}`;
    let read = reads.get(key);
    if (!read) {
      read = matches.viewers.resolveUser(user, isLiveStream, language);
      reads.set(key, read);
      if (reads === viewerReads)
        void read.then(
          () => viewerReads.delete(key),
          () => viewerReads.delete(key),
        );
    }
    return { user, isLiveStream, viewer: await read, resolvedAt: Date.now() };
  }

  /** Answers through the ack when the client passed one, and with `refused` on every refusal. */
  function bind(socket: MatchSocket, state: MatchSocketState, event: string, handle: RoomRequest) {
    socket.on(event, (...args: unknown[]) => {
      const ack = takeAck(args);
      let answer: SocketAnswer;
      if (!state.requests.take()) answer = rateLimited('too many room requests, slow down');
      else if (args.length > 1) answer = invalid(`${event} takes one payload`);
      else {
        try {
          answer = handle(socket, state, args[0]);
        } catch (error) {
          log.error({ err: error, event }, 'match socket request failed');
          answer = {
            code: errorCatalogue.INTERNAL.code,
            msg: errorCatalogue.INTERNAL.en,
            data: null,
          };
        }
      }
      if (answer.code !== 0) socket.emit('refused', { event, code: answer.code, msg: answer.msg });
      ack?.(answer);
    });
  }

  // A member's token prices the matches with their margins: it serves no longer than the session.
  const rechecks = startTokenRechecks({
    sockets: () => io.of('/').sockets.values(),
    authenticate: options.authenticate,
    log,
    recheckAfterMs: tokenRecheckMs,
  });

  io.use(requireToken(options.authenticate, log));
  // The viewer is known before the first request, so every request is answered in one turn.
  io.use((socket, next: (error?: ExtendedError) => void) => {
    resolveViewer(socket).then(
      (viewer) => {
        viewers.set(socket, viewer);
        next();
      },
      (error: unknown) => {
        log.error({ err: error }, 'match socket viewer failed');
        const refusal: ExtendedError = new Error(errorCatalogue.INTERNAL.en);
        refusal.data = { code: errorCatalogue.INTERNAL.code, msg: errorCatalogue.INTERNAL.en };
        next(refusal);
      },
    );
  });
  io.on('connection', (socket) => {
    const viewer = viewers.get(socket);
    if (!viewer) {
      socket.disconnect(true);
      return;
    }
    const state = createMatchSocketState(viewer);
    states.set(socket, state);
    rechecks.checked(socket);
    guardAgainstFlood(socket, packetLimit, (refused) => socket.emit('refused', refused));
    refuseUnknownEvents(socket, servedEvents, (refused) => socket.emit('refused', refused));
    bind(socket, state, 'join-room', requests.joinRoom);
    bind(socket, state, 'append-join-room', requests.appendJoinRoom);
    bind(socket, state, 'G', requests.resync);
    socket.join(heartbeatRoomForNewSocket());
    socket.emit('heartbeat', broadcast.heartbeat());
    // A page that missed a change while it was away learns it from its next connection.
    socket.emit('sysinit', sysInitOf(viewer.viewer.settings));
    state.countsRoom = counts.follow(socket, viewer.viewer);
  });

  /**
   * Looks at every socket's viewer again: at once when the control switches changed, else once
   * its profile is `profileReviewMs` old. A socket whose audience changed for some room moves to
   * that room's new stream with a fresh snapshot. A review asked for during one runs after it,
   * so a change of switches made mid-pass reaches the sockets already passed.
   */
  let isReviewing = false;
  let isReviewAsked = false;
  async function reviewViewers(): Promise<void> {
    if (isReviewing) {
      isReviewAsked = true;
      return;
    }
    isReviewing = true;
    isReviewAsked = false;
    try {
      const switches = (await matches.settings.current()).controlSwitches.join(',');
      const reads = new Map<string, Promise<Viewer>>();
      let sliceStartedAt = performance.now();
      // The sockets as the pass starts: ones connecting meanwhile start with a fresh viewer.
      for (const socket of [...io.of('/').sockets.values()]) {
        if (performance.now() - sliceStartedAt >= reviewSliceMs) {
          await nextTurn();
          sliceStartedAt = performance.now();
        }
        // The socket may have gone while the pass waited for its turn.
        if (!socket.connected) continue;
        const state = states.get(socket);
        if (!state) continue;
        const held = state.viewer;
        const isStale =
          held.viewer.settings.controlSwitches.join(',') !== switches ||
          Date.now() - held.resolvedAt >= profileReviewMs;
        if (!isStale) continue;
        try {
          const fresh = await resolveViewer(socket, reads);
          // The socket may have gone while its profile was read.
          if (!socket.connected) continue;
          state.viewer = fresh;
          requests.reviewAudiences(socket, state);
          state.countsRoom = counts.follow(socket, fresh.viewer, state.countsRoom);
        } catch (error) {
          // This socket keeps its viewer until the next review; the others go on.
          log.error({ err: error }, 'match socket viewer review failed');
        }
      }
      streams.prune();
    } catch (error) {
      log.error({ err: error }, 'match socket settings could not be read');
    } finally {
      isReviewing = false;
    }
    if (isReviewAsked) await reviewViewers();
  }
  // A review due while the last is going runs after it, as a change of the settings does.
  const reviews = startPeriodicJob({
    run: reviewViewers,
    everyMs: switchesReviewMs,
    onError: (error) => log.error({ err: error }, 'match socket viewer review failed'),
    whenBusy: 'run-after',
  });

  // A change of the site settings reaches every open page of this process at once: `sysinit`
  // to every socket, then each socket's viewer is read again (hidden sports, plays and counts).
  // Every process hears the change from its own settings (the settings bus), so this server
  // needs no adapter for it either.
  const stopHearingSettings = matches.settings.onChange((settings) => {
    io.emit('sysinit', sysInitOf(settings));
    void reviewViewers();
  });

  return {
    io,
    /** Closes this process's sockets of the ended sessions (realtime.module.ts tells the others). */
    closeSessions(ended: EndedSessions): void {
      closeEndedSessions(io.of('/').sockets.values(), ended);
    },
    /** Checks every socket's token now: after Redis was away, ends may have gone unheard. */
    recheckAll: () => rechecks.recheckAll(),
    /** Stops the streams and closes every connection of this process. */
    close(): void {
      rechecks.stop();
      stopHearingSettings();
      void reviews.stop();
      broadcast.stop();
      counts.stop();
      streams.stop();
      // Transports closed without a disconnect packet: Socket.IO clients reconnect after a
      // dropped transport (to this server when it is back, or to another process), but never
      // after a disconnect the server asked for.
      io.engine.close();
    },
  };
}
