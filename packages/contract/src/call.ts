import type { z } from 'zod';

/**
 * Who may make a call.
 * - `public`: no identity needed (a token, if sent, is still read).
 * - `session`: any valid token: visitor, member, demo or partner (403 otherwise).
 * - `member`: a signed-in identity with memberId > 0 (403 for a bad token, 402 for a visitor).
 */
export type CallAuth = 'public' | 'session' | 'member';

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
