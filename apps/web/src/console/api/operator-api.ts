import type { CallDefinition, CallInput, CallOutput, Envelope } from '@sb/contract';
import { isEnvelope, isOperatorAuth } from '@sb/contract';

/** A call that did not succeed: the server's code, or one of `localErrorCodes`. */
export class OperatorApiError extends Error {
  constructor(
    readonly code: number,
    /** The server's message (it names the bad field for code 1000); empty for local failures. */
    readonly serverMessage: string,
  ) {
    super(serverMessage || `error ${code}`);
    this.name = 'OperatorApiError';
  }
}

/** Failures that never reached a server answer. */
export const localErrorCodes = {
  network: -1,
  unexpectedAnswer: -2,
  /** The session had already run out on the console's own clock; the call was not sent. */
  sessionEnded: -3,
} as const;

/** The server's answer to a back-office call without a live operator session. */
export const sessionInvalidCode = 6003;

/** Why the console dropped a session: its 24-hour end, 8 idle hours, or the server's refusal. */
export type SessionEndReason = 'expired' | 'idle' | 'invalid' | 'logout';

/** What the client needs to know about the signed-in operator's session. */
export interface SessionTiming {
  token: string;
  /** Absolute end, epoch milliseconds. */
  expiresAt: number;
  idleTimeoutMs: number;
  /** When the last call answered, epoch milliseconds. */
  lastActivityAt: number;
}

/** Why a session is over at `now`, or null while it is live. */
export function sessionEndAt(session: SessionTiming, now: number): SessionEndReason | null {
  if (now >= session.expiresAt) return 'expired';
  if (now - session.lastActivityAt >= session.idleTimeoutMs) return 'idle';
  return null;
}

export interface OperatorApiOptions {
  /** Prefix of every path; empty for the page's own origin. */
  baseUrl: string;
  fetch: typeof fetch;
  now(): number;
  requestTimeoutMs: number;
  session(): SessionTiming | null;
  /** A call answered, so the server counted the session as active. */
  onActivity(at: number): void;
  onSessionEnded(reason: SessionEndReason): void;
}

/**
 * The back office's calls: a POST with a JSON body of the call's fields and, for operator calls,
 * the session token in `Authorization: Bearer` (never in the body, where member tokens travel).
 * Resolves with the parsed data on code 0 and rejects with an OperatorApiError otherwise. A
 * session the console's clock says is over is dropped before sending, and one the server refuses
 * (6003) is dropped on its answer; either way the operator is sent back to sign in.
 */
export function createOperatorApi(options: OperatorApiOptions) {
  /**
   * How far the server's clock is ahead of this browser's, from the last answer's `Date` header
   * (whole seconds, so within a second). Session ends come in server time; an operator's PC
   * whose clock is minutes off must neither sign out at once nor stay signed in too long.
   */
  let serverClockOffsetMs = 0;

  function noteServerDate(response: Response): void {
    const header = response.headers.get('date');
    const serverMs = header ? Date.parse(header) : Number.NaN;
    if (!Number.isNaN(serverMs)) serverClockOffsetMs = serverMs - options.now();
  }

  async function post(
    path: string,
    body: object,
    token: string | null,
  ): Promise<Envelope<unknown>> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    let response: Response;
    try {
      response = await options.fetch(`${options.baseUrl}${path}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(options.requestTimeoutMs),
      });
    } catch {
      throw new OperatorApiError(localErrorCodes.network, '');
    }
    noteServerDate(response);
    const answer: unknown = await response.json().catch(() => undefined);
    if (!isEnvelope(answer)) throw new OperatorApiError(localErrorCodes.unexpectedAnswer, '');
    return answer;
  }

  async function call<C extends CallDefinition>(
    definition: C,
    input: CallInput<C>,
  ): Promise<CallOutput<C>> {
    const needsSession = isOperatorAuth(definition.auth);
    let token: string | null = null;
    if (needsSession) {
      const session = options.session();
      const ended = session ? sessionEndAt(session, options.now()) : 'invalid';
      if (!session || ended) {
        options.onSessionEnded(ended ?? 'invalid');
        throw new OperatorApiError(localErrorCodes.sessionEnded, '');
      }
      token = session.token;
    }
    const envelope = await post(definition.path, input, token);
    if (needsSession && envelope.code === sessionInvalidCode) options.onSessionEnded('invalid');
    if (envelope.code !== 0) throw new OperatorApiError(envelope.code, envelope.msg);
    // Only a success surely passed the server's session check; counting nothing else keeps the
    // console's idle clock at or ahead of the server's, never behind it.
    if (needsSession) options.onActivity(options.now());
    const parsed = definition.output.safeParse(envelope.data);
    if (!parsed.success) throw new OperatorApiError(localErrorCodes.unexpectedAnswer, '');
    return parsed.data as CallOutput<C>;
  }

  return {
    call,
    /** A moment the server named (a session's end) on this browser's clock. */
    toLocalTime: (serverMs: number) => serverMs - serverClockOffsetMs,
  };
}

export type OperatorApi = ReturnType<typeof createOperatorApi>;
