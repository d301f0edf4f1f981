import type { CallDefinition, CallInput, CallOutput } from '@sb/contract';
import { callSealedAnswer } from '../../../lib/sealed-call';
import { useSessionStore } from '../../../lib/session/session-store';

/** A match call with a sealed answer (the list and details), opened with the session's token. */
export function callSealedApi<C extends CallDefinition>(
  call: C,
  input: CallInput<C>,
): Promise<CallOutput<C>> {
  const token = useSessionStore.getState().session?.token ?? '';
  return callSealedAnswer(call, input, token);
}
