import { errorCatalogue } from '@sb/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { ExtendedError, Socket } from 'socket.io';
import type { AuthenticatedUser, Authenticator } from '../http/request-context';

/** Who is on the other end of a socket, from the handshake query of SPEC §3. */
export interface SocketIdentity {
  user: AuthenticatedUser;
  token: string;
  realm: string | undefined;
  process: string | undefined;
}

const maxTokenLength = 256;
const maxFieldLength = 64;

/** Carries `{code, msg}` to the client's `connect_error` as `error.data`. */
function refusal(code: number, msg: string): ExtendedError {
  const error: ExtendedError = new Error(msg);
  error.data = { code, msg };
  return error;
}

interface HandshakeFields {
  token: string | undefined;
  uid: string | undefined;
  realm: string | undefined;
  process: string | undefined;
}

/** The query fields of SPEC §3, each one value or absent; a repeated or over-long one is refused. */
function readHandshake(
  query: Record<string, string | string[] | undefined>,
): HandshakeFields | ExtendedError {
  const limits = {
    token: maxTokenLength,
    uid: maxFieldLength,
    realm: maxFieldLength,
    process: maxFieldLength,
  };
  const fields: HandshakeFields = {
    token: undefined,
    uid: undefined,
    realm: undefined,
    process: undefined,
  };
  for (const [name, maxLength] of Object.entries(limits) as [keyof HandshakeFields, number][]) {
    const value = query[name];
    if (value === undefined || value === '') continue;
    if (typeof value !== 'string' || value.length > maxLength)
      return refusal(
        errorCatalogue.INVALID_INPUT.code,
        `${name} must be one value of at most ${maxLength} characters`,
      );
    fields[name] = value;
  }
  return fields;
}

/**
 * Socket.IO middleware: the handshake query must carry a live token (and the uid it belongs to,
 * when sent), as every HTTP call does. Anything else is refused before the connection exists, and
 * the client's `connect_error` says why: `error.message`, and `{code, msg}` in `error.data`.
 */
export function requireToken(authenticate: Authenticator, log: FastifyBaseLogger) {
  return (socket: Socket, next: (error?: ExtendedError) => void): void => {
    const fields = readHandshake(socket.handshake.query);
    if (fields instanceof Error) {
      next(fields);
      return;
    }
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

export function identityOf(socket: Socket): SocketIdentity {
  const identity = (socket.data as { identity?: SocketIdentity }).identity;
  if (!identity) throw new Error('socket has no identity: the auth middleware did not run');
  return identity;
}
