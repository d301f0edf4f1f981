import type { CallDefinition, CallInput } from '@sb/contract';

/**
 * A fresh idempotency key for one money-moving request (DESIGN §5): a bet, a cash out, a deposit,
 * a transfer, a withdrawal, an operator's adjustment. The contract takes any text up to 128
 * characters (`commonFieldsSchema`); keys are random UUIDs (version 4, RFC 9562), 122 random bits.
 *
 * Built from `crypto.getRandomValues`, which browsers offer in every context, rather than
 * `crypto.randomUUID`, which they offer only in secure ones: a page served over plain http at an
 * address other than localhost (a phone opening a laptop's `npm start` on the same network, a
 * deployment without TLS in front) has no `randomUUID`, and a bet there would fail to be sent.
 */
export function newIdempotencyKey(
  randomBytes: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (bytes) =>
    crypto.getRandomValues(bytes),
): string {
  const bytes = randomBytes(new Uint8Array(16));
  // Version 4 in the high nibble of byte 6, the RFC's variant (10xx) in the top bits of byte 8.
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The input with its idempotency key: one of the common fields every call accepts, which the
 * per-call input types do not list, hence the widening here.
 */
export function withIdempotencyKey<C extends CallDefinition>(
  input: CallInput<C>,
  idempotencyKey: string,
): CallInput<C> {
  return { ...input, idempotencyKey } as CallInput<C>;
}
