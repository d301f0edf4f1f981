import type { CallDefinition, CallInput, CallOutput } from '@sb/contract';
import { openPayload } from '@sb/domain';
import { callApi } from './api-client';

/** Lets the envelope's `data` through untouched, so it can be opened before it is checked. */
const passThrough = {
  safeParse: (value: unknown) => ({ success: true as const, data: value }),
} as unknown as CallDefinition['output'];

/** Makes a call with a sealed answer and opens it, leaving the check to the caller. */
export async function callOpened<C extends CallDefinition>(
  call: C,
  input: CallInput<C>,
  token: string,
): Promise<unknown> {
  const data = await callApi({ ...call, output: passThrough }, input);
  return typeof data === 'string' ? await openPayload(token, data) : data;
}

/** A call whose answer is not what the contract promises, after opening. */
export class UnexpectedAnswerError extends Error {
  constructor(path: string) {
    super(`${path} answered data the client cannot read`);
    this.name = 'UnexpectedAnswerError';
  }
}

/**
 * Makes a call whose `data` the server seals with the caller's token (DESIGN §5: the match list
 * and details, the stake limits), opens it with that token and checks it against the call's
 * output schema. With sealing switched off on the server the data arrives plain and is checked
 * as it is.
 */
export async function callSealedAnswer<C extends CallDefinition>(
  call: C,
  input: CallInput<C>,
  token: string,
): Promise<CallOutput<C>> {
  const plain = await callOpened(call, input, token);
  const parsed = call.output.safeParse(plain);
  if (!parsed.success) throw new UnexpectedAnswerError(call.path);
  return parsed.data as CallOutput<C>;
}
