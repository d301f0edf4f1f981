import type { Server as HttpServer } from 'node:http';
import {
  type AccountEventName,
  type AccountEventPayload,
  type AppSocketServerEvents,
  accountEventSchemas,
  appSocketPath,
  type EnvelopeEvent,
  envelopeEventSchema,
  errorCatalogue,
  type SocketAnswer,
  slipWatchPayloadSchema,
} from '@sb/contract';
import { createShardedAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import type { Authenticator } from '../http/request-context';
import type { ReadModel } from '../modules/feed/feed.types';
import type { EndedSessions } from '../modules/identity/identity.types';
import type { ViewerResolver } from '../modules/match/match.types';
import { createTokenBucket } from '../platform/token-bucket';
import { guardAgainstFlood, type PacketLimit } from './flood-guard';
import { createSlipWatches } from './slip-watch';
import {
  closeEndedSessions,
  identityOf,
  requireToken,
  startTokenRechecks,
  tokenRecheckMs,
} from './socket-auth';
import {
  invalid,
  parsePayload,
  rateLimited,
  refuseUnknownEvents,
  success,
  takeAck,
  type UncheckedClientEvents,
} from './socket-payload';

export type { AccountEventName } from '@sb/contract';

/**
 * Sends an account event (DESIGN §5: `balance`, `H`, `J`) to every socket of a member, on
 * whichever server process it is. The payload is checked against the contract first: a payload
 * that is not what clients are promised is a fault of the sender, and throws.
 */
export type PublishToUser = <E extends AccountEventName>(
  userId: number,
  event: E,
  ...payload: E extends 'balance' ? [AccountEventPayload<E>?] : [AccountEventPayload<E>]
) => void;

/** The members' sockets send next to nothing; anything large is refused by the transport. */
export const appSocketMaxPayloadBytes = 4 * 1024;
/** Packets of any kind from a member's socket; beyond this it is flooding and is disconnected. */
const packetLimit: PacketLimit = { burst: 20, perSecond: 5 };
/** `slip` requests: a member edits a slip by hand, so a burst of 10, then 2 a second. */
const slipBurst = 10;
const slipsPerSecond = 2;

type AppSocket = Socket<UncheckedClientEvents, AppSocketServerEvents>;
const servedEvents: ReadonlySet<string> = new Set(['slip']);

/** A payload as the contract promises it to clients; anything else is the sender's fault. */
function checkedPayload<E extends AccountEventName>(
  event: E,
  payload: unknown,
): AccountEventPayload<E> {
  const checked = accountEventSchemas[event].safeParse(payload);
  if (!checked.success) {
    const [issue] = checked.error.issues;
    const field = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    throw new TypeError(`publishToUser: bad ${event} payload: ${field}${issue?.message}`);
  }
  return checked.data as AccountEventPayload<E>;
}

/** Every socket of member `userId` is in this room. */
export const userRoom = (userId: number) => `U-${userId}`;
/**
 * Every member's socket is in this room too (visitors' are not): what is told to all members (a
 * red-envelope campaign starting) goes to it, and with the Redis adapter reaches the members on
 * every process.
 */
export const membersRoom = 'M';

/**
 * Sends a red-envelope campaign's new status to every member connected, on whichever process;
 * the payload is checked against the contract first, and a bad one throws.
 */
export type PublishToMembers = (event: 'envelope', payload: EnvelopeEvent) => void;

export interface AppSocketOptions {
  httpServer: HttpServer;
  authenticate: Authenticator;
  log: FastifyBaseLogger;
  /** The book the slip's prices (`J`) are read from, and whose margins price them. */
  readModel: ReadModel;
  viewers: ViewerResolver;
  /** With Redis, an event published on one process reaches the member's socket on another. */
  redis?: { url: string; prefix: string };
}

/**
 * `/app/socket`: account events for the member behind the token. Any live token may connect (the
 * client opens it for visitors too) but only members join their room, so visitors hear nothing.
 */
export function attachAppSocket(options: AppSocketOptions) {
  const { log } = options;
  const io = new Server<UncheckedClientEvents, AppSocketServerEvents>(options.httpServer, {
    path: appSocketPath,
    serveClient: false,
    transports: ['websocket'],
    maxHttpBufferSize: appSocketMaxPayloadBytes,
    connectTimeout: 10_000,
    pingInterval: 10_000,
    pingTimeout: 10_000,
  });
  const redisClients: Redis[] = [];
  if (options.redis) {
    const publisher = new Redis(options.redis.url, { maxRetriesPerRequest: 2 });
    const subscriber = publisher.duplicate();
    for (const client of [publisher, subscriber]) {
      client.on('error', (error: unknown) => log.error({ err: error }, 'app socket Redis error'));
      redisClients.push(client);
    }
    // Sharded pub/sub (Redis 7): a member's room has its own channel, heard only by the
    // processes where that member is connected.
    io.adapter(
      createShardedAdapter(publisher, subscriber, {
        channelPrefix: `${options.redis.prefix}socket.io`,
        subscriptionMode: 'dynamic',
      }),
    );
  }

  const rechecks = startTokenRechecks({
    sockets: () => io.of('/').sockets.values(),
    authenticate: options.authenticate,
    log,
    recheckAfterMs: tokenRecheckMs,
  });
  const slips = createSlipWatches({ readModel: options.readModel, log });

  /**
   * `slip {ois}`: the socket's slip, replacing the last one. The member's margins are read with
   * each request (the viewer's profile cache), so a slip sent again is priced on current terms.
   * Requests answer in the order they arrive: a later one that resolves first is not undone.
   */
  function serveSlip(socket: AppSocket) {
    const requests = createTokenBucket(slipBurst, slipsPerSecond);
    let latest = 0;
    const answer = (ack: ((answer: SocketAnswer) => void) | undefined, reply: SocketAnswer) => {
      if (reply.code !== 0)
        socket.emit('refused', { event: 'slip', code: reply.code, msg: reply.msg });
      ack?.(reply);
    };
    socket.on('slip', (...args: unknown[]) => {
      const ack = takeAck(args);
      if (!requests.take()) return answer(ack, rateLimited('too many slip requests, slow down'));
      if (args.length > 1) return answer(ack, invalid('slip takes one payload'));
      const parsed = parsePayload(slipWatchPayloadSchema, args[0]);
      if (!parsed.ok) return answer(ack, invalid(parsed.msg));
      const request = ++latest;
      const { user, source, language } = identityOf(socket);
      options.viewers.resolveUser(user, source === '1', language).then(
        (viewer) => {
          if (!socket.connected) return;
          // A later request already replaces this slip: it is answered, and not applied.
          if (request !== latest) return answer(ack, success(null));
          const watched = slips.watch(socket, parsed.value.ois, viewer, (event) =>
            socket.emit('J', event),
          );
          answer(ack, watched.ok ? success(null) : invalid(watched.msg));
        },
        (error: unknown) => {
          log.error({ err: error }, 'slip viewer failed');
          answer(ack, {
            code: errorCatalogue.INTERNAL.code,
            msg: errorCatalogue.INTERNAL.en,
            data: null,
          });
        },
      );
    });
    socket.on('disconnect', () => slips.forget(socket));
  }

  io.use(requireToken(options.authenticate, log));
  io.on('connection', (socket) => {
    guardAgainstFlood(socket, packetLimit, (refused) => socket.emit('refused', refused));
    // The slip to watch is the one request; anything else is refused.
    refuseUnknownEvents(socket, servedEvents, (refused) => socket.emit('refused', refused));
    serveSlip(socket);
    rechecks.checked(socket);
    const { user } = identityOf(socket);
    if (user.memberId > 0) void socket.join([userRoom(user.userId), membersRoom]);
  });

  const publishToUser: PublishToUser = (userId, event, ...args) => {
    if (!Number.isSafeInteger(userId) || userId <= 0)
      throw new RangeError(`publishToUser: bad user id ${userId}`);
    const [payload] = args;
    const room = io.to(userRoom(userId));
    switch (event as AccountEventName) {
      case 'balance':
        room.emit('balance', checkedPayload('balance', payload));
        return;
      case 'H':
        room.emit('H', checkedPayload('H', payload));
        return;
      case 'J':
        room.emit('J', checkedPayload('J', payload));
        return;
      default:
        throw new RangeError(`publishToUser: unknown event ${String(event)}`);
    }
  };

  const publishToMembers: PublishToMembers = (event, payload) => {
    if (event !== 'envelope') throw new RangeError(`publishToMembers: unknown event ${event}`);
    const checked = envelopeEventSchema.safeParse(payload);
    if (!checked.success)
      throw new TypeError(`publishToMembers: bad envelope payload: ${checked.error.message}`);
    io.to(membersRoom).emit('envelope', checked.data);
  };

  return {
    io,
    publishToUser,
    publishToMembers,
    /** Closes this process's sockets of the ended sessions (realtime.module.ts tells the others). */
    closeSessions(ended: EndedSessions): void {
      closeEndedSessions(io.of('/').sockets.values(), ended);
    },
    /** Checks every socket's token now: after Redis was away, ends may have gone unheard. */
    recheckAll: () => rechecks.recheckAll(),
    /** Closes this process's connections; other processes keep theirs. */
    close(): void {
      rechecks.stop();
      slips.stop();
      // Transports closed without a disconnect packet: Socket.IO clients reconnect after a
      // dropped transport (to this server when it is back, or to another process), but never
      // after a disconnect the server asked for.
      io.engine.close();
    },
    /** Leaves the Redis channels and closes the connections, once no socket remains. */
    async closeRedis(): Promise<void> {
      await Promise.resolve(io.of('/').adapter.close()).catch(() => {});
      await Promise.allSettled(redisClients.map((client) => client.quit()));
    },
  };
}
