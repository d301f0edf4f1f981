import type { ClientInfo, Language, MemberType } from '@sb/contract';

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
  idempotencyKey: string | undefined;
}
