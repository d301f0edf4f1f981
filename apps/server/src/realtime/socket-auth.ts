import { errorCatalogue, type Language, socketHandshakeQuerySchema } from '@sb/contract';
import { parseLanguage } from '@sb/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { ExtendedError, Socket } from 'socket.io';
import type { AuthenticatedUser, Authenticator } from '../http/request-context';
import type { EndedSessions } from '../modules/identity/identity.types';
import { startPeriodicJob } from '../platform/periodic-job';
import { parsePayload } from './socket-payload';

/** Who is on the other end of a socket, from the handshake query of SPEC §3. */
export interface SocketIdentity {
  user: AuthenticatedUser;
  token: string;
  realm: string | undefined;
  process: string | undefined;
  /** The client info's `source`: 1 is the live-stream flavour. */
  source: string | undefined;
  /** The handshake's `lang`: the language names are sent in. */
  language: Language;
}

/** Carries `{code, msg}` to the client's `connect_error` as `error.data`. */
function refusal(code: number, msg: string): ExtendedError {
  const error: ExtendedError = new Error(msg);
  error.data = { code, msg };
  return error;
}

/**
 * Socket.IO middleware: the handshake query must carry a live token (and the uid it belongs to,
 * when sent), as every HTTP call does. Anything else is refused before the connection exists, and
 * the client's `connect_error` says why: `error.message`, and `{code, msg}` in `error.data`.
 */
export function requireToken(authenticate: Authenticator, log: FastifyBaseLogger) {
  return (
    socket: Pick<Socket, 'handshake' | 'data'>,
    next: (error?: ExtendedError) => void,
  ): void => {
    const parsed = parsePayload(socketHandshakeQuerySchema, socket.handshake.query);
    if (!parsed.ok) {
      next(refusal(errorCatalogue.INVALID_INPUT.code, parsed.msg));
      return;
    }
    const fields = parsed.value;
    const { token } = fields;
    if (token === undefined) {
      next(
        refusal(errorCatalogue.TOKEN_INVALID.code, 'token missing: connect with ?token=…&uid=…'),
      );
      return;
    }
    authenticate(token, fields.uid).then(
      (user) => {
        if (!user) {
          next(refusal(errorCatalogue.TOKEN_INVALID.code, 'token unknown, expired or revoked'));
          return;
        }
        const identity: SocketIdentity = {
          user,
          token,
          realm: fields.realm,
          process: fields.process,
          source: fields.source,
          language: parseLanguage(fields.lang),
        };
        socket.data.identity = identity;
        next();
      },
      (error: unknown) => {
        log.error({ err: error }, 'socket authentication failed');
        next(refusal(errorCatalogue.INTERNAL.code, errorCatalogue.INTERNAL.en));
      },
    );
  };
}

export function identityOf(socket: Pick<Socket, 'data'>): SocketIdentity {
  const identity = (socket.data as { identity?: SocketIdentity }).identity;
  if (!identity) throw new Error('socket has no identity: the auth middleware did not run');
  return identity;
}

/**
 * How long an open socket's token is trusted before it is checked again, for sessions that end
 * without anyone being told; ends that are told close their sockets at once.
 */
export const tokenRecheckMs = 60_000;

/** Whether the socket was opened with a token of the ended sessions. */
function isOfEndedSessions(socket: Pick<Socket, 'data'>, ended: EndedSessions): boolean {
  const { user } = identityOf(socket);
  return (
    user.userId === ended.userId && (ended.sessionId === null || user.tokenId === ended.sessionId)
  );
}

/** A connected socket as the session checks see it, whichever endpoint it belongs to. */
type HeldSocket = Pick<Socket, 'data' | 'connected'> & { disconnect(close: boolean): unknown };

/**
 * Disconnects, on this process, every socket opened with a token of the ended sessions. Ends are
 * rare beside messages, so a look at each socket costs less than a room per session would.
 */
export function closeEndedSessions(sockets: Iterable<HeldSocket>, ended: EndedSessions): void {
  for (const socket of [...sockets]) if (isOfEndedSessions(socket, ended)) socket.disconnect(true);
}

/**
 * The backstop for sessions that end without anyone being told (an expiry, a partner turned
 * off, an announcement lost while Redis was away): each socket's token is checked again once it
 * was last checked `recheckAfterMs` ago, and the socket is disconnected when the token no longer
 * names a live session of the same user. `recheckAll` checks every socket now.
 */
export function startTokenRechecks(options: {
  /** This process's sockets of the endpoint. */
  sockets: () => Iterable<HeldSocket>;
  authenticate: Authenticator;
  log: FastifyBaseLogger;
  recheckAfterMs: number;
}) {
  const { log } = options;
  const checkedAt = new WeakMap<HeldSocket, number>();
  const sweepMs = Math.max(1_000, Math.floor(options.recheckAfterMs / 6));
  let isSweeping = false;
  let isFullSweepAsked = false;

  async function check(socket: HeldSocket): Promise<void> {
    const { token, user } = identityOf(socket);
    try {
      const current = await options.authenticate(token, user.uid);
      if (current && current.userId === user.userId && current.tokenId === user.tokenId)
        checkedAt.set(socket, Date.now());
      else socket.disconnect(true);
    } catch (error) {
      // The socket is checked again with the next sweep; the others go on.
      log.error({ err: error }, 'socket token check failed');
    }
  }

  async function sweep(isFull: boolean): Promise<void> {
    if (isSweeping) {
      isFullSweepAsked ||= isFull;
      return;
    }
    isSweeping = true;
    try {
      const startedAt = Date.now();
      const due = [...options.sockets()].filter(
        (socket) =>
          socket.connected &&
          (isFull || startedAt - (checkedAt.get(socket) ?? 0) >= options.recheckAfterMs),
      );
      // The identity module reads the sessions of checks made together in shared queries.
      await Promise.all(due.map(check));
    } finally {
      isSweeping = false;
    }
    if (isFullSweepAsked) {
      isFullSweepAsked = false;
      await sweep(true);
    }
  }

  const sweeps = startPeriodicJob({
    run: () => sweep(false),
    everyMs: sweepMs,
    onError: (error) => log.error({ err: error }, 'socket token sweep failed'),
  });
  return {
    /** A socket that has just passed the handshake's check. */
    checked(socket: HeldSocket): void {
      checkedAt.set(socket, Date.now());
    },
    recheckAll: () => sweep(true),
    stop(): void {
      void sweeps.stop();
    },
  };
}
