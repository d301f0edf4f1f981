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
}

export function defineCall<Input extends z.ZodObject, Output extends z.ZodType>(
  definition: CallDefinition<Input, Output>,
): CallDefinition<Input, Output> {
  return definition;
}

export type CallInput<C extends CallDefinition> = z.input<C['input']>;
export type CallOutput<C extends CallDefinition> = z.output<C['output']>;
