import { coerceWireValue, errorCatalogue, type Refused, type SocketAnswer } from '@sb/contract';
import type { Socket } from 'socket.io';
import type { z } from 'zod';

/** Clients' events arrive unchecked: every payload goes through its contract schema first. */
export type UncheckedClientEvents = Record<string, (...args: unknown[]) => void>;

export type Parsed<T> = { ok: true; value: T } | { ok: false; msg: string };

type Issue = z.core.$ZodIssue;

/** A union's issue as the branch the payload was meant for tells it, not "invalid input". */
function describeIssue(issue: Issue): string {
  if (issue.code === 'invalid_union' && 'errors' in issue && issue.errors.length > 0) {
    const meant = issue.errors.find(
      (branch) =>
        !branch.every((inner) => inner.code === 'invalid_type' && inner.path.length === 0),
    );
    const first = meant?.[0];
    if (first) return describeIssue({ ...first, path: [...issue.path, ...first.path] } as Issue);
  }
  const field = issue.path.map(String).join('.');
  return field === '' ? issue.message : `${field}: ${issue.message}`;
}

/**
 * Checks a client's payload (or handshake query) against its contract schema, after the wire's
 * coercion (numbers as text, `"true"`, empty strings as absent: packages/contract's
 * wire-coercion.ts), as every HTTP call does; a refusal names the first fault.
 */
export function parsePayload<S extends z.ZodType>(
  schema: S,
  payload: unknown,
): Parsed<z.output<S>> {
  const result = schema.safeParse(coerceWireValue(schema, payload));
  if (result.success) return { ok: true, value: result.data };
  const [issue] = result.error.issues;
  return { ok: false, msg: issue ? describeIssue(issue) : 'invalid payload' };
}

export const success = (data: SocketAnswer['data']): SocketAnswer => ({
  code: 0,
  msg: 'success',
  data,
});

export const invalid = (msg: string): SocketAnswer => ({
  code: errorCatalogue.INVALID_INPUT.code,
  msg,
  data: null,
});

export const rateLimited = (msg: string): SocketAnswer => ({
  code: errorCatalogue.RATE_LIMITED.code,
  msg,
  data: null,
});

type Ack = (answer: SocketAnswer) => void;

/** The acknowledgement callback a client passed as the last argument, if any. */
export function takeAck(args: unknown[]): Ack | undefined {
  const last = args.at(-1);
  if (typeof last !== 'function') return undefined;
  args.pop();
  return last as Ack;
}

/** Event names are the client's text: shown, never trusted at any length. */
export const shownEventName = (name: unknown) => String(name).slice(0, 32);

/**
 * A socket middleware that refuses events the socket does not serve: the client hears
 * `refused` (and its acknowledgement, when it passed one) and the connection goes on.
 */
export function refuseUnknownEvents(
  socket: Socket,
  served: ReadonlySet<string>,
  emitRefused: (refused: Refused) => void,
) {
  socket.use((packet, next) => {
    const [event] = packet;
    if (typeof event === 'string' && served.has(event)) return next();
    const shown = shownEventName(event);
    const answer = invalid(
      served.size === 0 ? 'this socket takes no requests' : `unknown event "${shown}"`,
    );
    emitRefused({ event: shown, code: answer.code, msg: answer.msg });
    takeAck(packet)?.(answer);
  });
}
