import { errorCatalogue, type Language, socketHandshakeQuerySchema } from '@sb/contract';
import { parseLanguage } from '@sb/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { ExtendedError, Socket } from 'socket.io';
import type { AuthenticatedUser, Authenticator } from '../http/request-context';
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
