import type { CallDefinition, CallInput } from '@sb/contract';

export { newIdempotencyKey } from '../../../lib/idempotency-key';

/**
 * DESIGN §5: money-moving calls carry an idempotency key. It is one of the common fields every
 * call accepts, which the per-call input types do not list, hence the widening here.
 */
export function withIdempotencyKey<C extends CallDefinition>(
  input: CallInput<C>,
  idempotencyKey: string,
): CallInput<C> {
  return { ...input, idempotencyKey } as CallInput<C>;
}
