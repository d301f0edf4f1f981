import type { ClientInfo, Language, MemberType, OperatorRole } from '@sb/contract';
import type { FastifyInstance } from 'fastify';

/** The identity behind a request's token, as the identity module resolved it. */
export interface AuthenticatedUser {
  /** Internal user row id (visitors have one too). */
  userId: number;
  uid: string;
  /** 0 for visitors. */
  memberId: number;
  type: MemberType;
  /** The token row, so logout can revoke exactly this one. */
  tokenId: number;
}

/** Resolves a token and uid to a user, or null when they do not name a live session. */
export type Authenticator = (
  token: string,
  uid: string | undefined,
) => Promise<AuthenticatedUser | null>;

/** The back-office operator behind a request's bearer token, as the operators module resolved it. */
export interface AuthenticatedOperator {
  operatorId: number;
  username: string;
  /** The operator's roles as they are now, so a change applies from the next call. */
  roles: readonly OperatorRole[];
  /** The session row, so logout can revoke exactly this one. */
  sessionId: number;
  /** The absolute end of the session. */
  expiresAt: Date;
}

/** Resolves an operator's bearer token, or null when it names no live operator session. */
export type OperatorAuthenticator = (token: string) => Promise<AuthenticatedOperator | null>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by the operators module; read by registerCall for back-office calls. */
    operatorAuthenticator?: OperatorAuthenticator;
  }
}

/**
 * Makes operator sessions known to every call registered on the app. Kept on the Fastify
 * instance, rather than passed to each registerCall, so a module adding a back-office call needs
 * nothing beyond what member calls already get.
 */
export function installOperatorAuthenticator(
  app: FastifyInstance,
  authenticateOperator: OperatorAuthenticator,
): void {
  app.decorate('operatorAuthenticator', authenticateOperator);
}

/** What a call handler gets besides its input. */
export interface CallContext {
  client: ClientInfo;
  language: Language;
  /** The caller's address, for per-address limits. */
  ip: string;
  /** The raw token as sent, when there is one. */
  token: string | undefined;
  /** Set for calls whose auth is `session` or `member`; null on `public` calls without a valid token. */
  user: AuthenticatedUser | null;
  /** Set for back-office calls (`auth: { operator }`); null on every other call. */
  operator: AuthenticatedOperator | null;
  idempotencyKey: string | undefined;
}
