import type { Server as HttpServer } from 'node:http';
import { errorCatalogue } from '@sb/contract';
import type { FastifyBaseLogger } from 'fastify';
import { Server, type Socket } from 'socket.io';
import type { Authenticator } from '../http/request-context';
import type { ReadModel } from '../modules/feed/read-model';
import { startMatchBroadcast } from './match-broadcast';
import {
  createMatchSocketState,
  createRoomRequests,
  type MatchSocketState,
  type RoomRequest,
  rateLimited,
  type SocketAnswer,
} from './match-requests';
import type { MatchWireMapper } from './match-wire';
import { requireToken } from './socket-auth';

export const matchSocketPath = '/match/socket';
/** The largest packet a client may send; a join-room of 300 rooms needs under 10 KB. */
export const matchSocketMaxPayloadBytes = 16 * 1024;

export interface MatchSocketOptions {
  httpServer: HttpServer;
  readModel: ReadModel;
  authenticate: Authenticator;
  mapper: MatchWireMapper;
  log: FastifyBaseLogger;
}

/**
 * `/match/socket`: odds, scores and match state for the matches a client follows. Each process
 * serves its own sockets from its own read model (every process reads the same feed), so this
 * server needs no adapter across processes and never sends a change twice.
 */
export function attachMatchSocket(options: MatchSocketOptions) {
  const { log } = options;
  const io = new Server(options.httpServer, {
    path: matchSocketPath,
    serveClient: false,
    transports: ['websocket'],
    maxHttpBufferSize: matchSocketMaxPayloadBytes,
    connectTimeout: 10_000,
    pingInterval: 10_000,
    pingTimeout: 10_000,
  });
  const requests = createRoomRequests(options.readModel, options.mapper);
  const broadcast = startMatchBroadcast({ ...options, io, requests });

  /** Answers through the ack when the client passed one, and with `refused` on every refusal. */
  function bind(socket: Socket, state: MatchSocketState, event: string, handle: RoomRequest) {
    socket.on(event, (...args: unknown[]) => {
      const last = args.at(-1);
      const ack = typeof last === 'function' ? (last as (answer: SocketAnswer) => void) : undefined;
      if (ack) args.pop();
      let answer: SocketAnswer;
      if (!state.requests.take()) answer = rateLimited('too many room requests, slow down');
      else if (args.length > 1)
        answer = {
          code: errorCatalogue.INVALID_INPUT.code,
          msg: `${event} takes one payload`,
          data: null,
        };
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

  io.use(requireToken(options.authenticate, log));
  io.on('connection', (socket) => {
    const state = createMatchSocketState();
    socket.use((_packet, next) => {
      if (state.packets.take()) return next();
      socket.emit('refused', {
        event: 'flood',
        code: errorCatalogue.RATE_LIMITED.code,
        msg: 'too many messages, disconnected',
      });
      socket.disconnect(true);
    });
    bind(socket, state, 'join-room', requests.joinRoom);
    bind(socket, state, 'append-join-room', requests.appendJoinRoom);
    bind(socket, state, 'G', requests.resync);
    socket.emit('heartbeat', broadcast.heartbeat());
  });

  return {
    io,
    /** Stops the streams and closes every connection of this process. */
    close(): void {
      broadcast.stop();
      io.disconnectSockets(true);
      io.engine.close();
    },
  };
}
