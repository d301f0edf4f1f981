import type { z } from 'zod';
import type { OperatorRole } from './operator';

/**
 * A back-office call: the caller must be an operator signed in through `/admin/api/login`, its
 * token in an `Authorization: Bearer` header, holding at least one of `operator` (any operator
 * when the list is empty; `admin` holds every role).
 */
export interface OperatorAuth {
  operator: readonly OperatorRole[];
}

/**
 * Who may make a call.
 * - `public`: no identity needed (a token, if sent, is still read).
 * - `session`: any valid token: visitor, member, demo or partner (403 otherwise).
 * - `member`: a signed-in identity with memberId > 0 (403 for a bad token, 402 for a visitor).
 * - `{ operator: roles }`: a back-office operator (see `OperatorAuth`). Member tokens never pass
 *   such a call, and operator tokens never pass the others.
 */
export type CallAuth = 'public' | 'session' | 'member' | OperatorAuth;

export function isOperatorAuth(auth: CallAuth): auth is OperatorAuth {
  return typeof auth === 'object';
}

/** The auth level in words, for documentation: `member`, `operator (finance or trader)`. */
export function describeCallAuth(auth: CallAuth): string {
  if (!isOperatorAuth(auth)) return auth;
  return auth.operator.length === 0 ? 'operator' : `operator (${auth.operator.join(' or ')})`;
}

/** One call of the API: its path, who may make it, and the shapes of what goes in and out. */
export interface CallDefinition<
  Input extends z.ZodObject = z.ZodObject,
  Output extends z.ZodType = z.ZodType,
> {
  path: string;
  /** POST unless the call is a read that may also be fetched with GET. */
  methods?: ('GET' | 'POST')[];
  auth: CallAuth;
  /** One line for the OpenAPI document. */
  summary: string;
  tag: string;
  input: Input;
  output: Output;
  /**
   * The answer's `data` is sealed with the caller's token (DESIGN §5): a base64 string that
   * `openPayload` turns back into the `output` shape. Such calls need a session, since the token
   * is the key.
   */
  sealedResponse?: boolean;
}

export function defineCall<Input extends z.ZodObject, Output extends z.ZodType>(
  definition: CallDefinition<Input, Output>,
): CallDefinition<Input, Output> {
  return definition;
}

export type CallInput<C extends CallDefinition> = z.input<C['input']>;
export type CallOutput<C extends CallDefinition> = z.output<C['output']>;
