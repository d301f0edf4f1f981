import type { CallDefinition, CallInput, CallOutput } from '@sb/contract';
import { openPayload } from '@sb/domain';
import { callApi } from '../../../lib/api-client';
import { useSessionStore } from '../../identity/store/session-store';

/** Lets the envelope's `data` through untouched, so it can be opened before it is checked. */
const passThrough = {
  safeParse: (value: unknown) => ({ success: true as const, data: value }),
} as unknown as CallDefinition['output'];

/** A call whose answer is not what the contract promises, after opening. */
export class UnexpectedAnswerError extends Error {
  constructor(path: string) {
    super(`${path} answered data the client cannot read`);
    this.name = 'UnexpectedAnswerError';
  }
}

/**
 * Makes a call whose `data` the server seals with the caller's token (DESIGN §5, the match list
 * and details), opens it with that token and checks it against the call's output schema. With
 * sealing switched off on the server the data arrives plain and is checked as it is.
 */
export async function callSealedApi<C extends CallDefinition>(
  call: C,
  input: CallInput<C>,
): Promise<CallOutput<C>> {
  const token = useSessionStore.getState().session?.token ?? '';
  const data = await callApi({ ...call, output: passThrough }, input);
  const plain = typeof data === 'string' ? await openPayload(token, data) : data;
  const parsed = call.output.safeParse(plain);
  if (!parsed.success) throw new UnexpectedAnswerError(call.path);
  return parsed.data as CallOutput<C>;
}
