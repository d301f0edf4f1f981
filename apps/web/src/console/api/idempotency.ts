import { newIdempotencyKey, withIdempotencyKey } from '../../lib/idempotency-key';

/**
 * A fresh idempotency key for one money-moving request (DESIGN §5): the member site's helper,
 * which works on plain-http pages too, so a console reached over a private network's http
 * address still works.
 */
export { newIdempotencyKey, withIdempotencyKey };

/**
 * Keeps one key per request: the same member, currency and amount sent again (a retry after a
 * failure the operator could not read) reuse the key, so the server answers with the first
 * request's result instead of moving the money twice; any other request gets a new key.
 */
export function createKeyKeeper() {
  let current: { signature: string; key: string } | null = null;
  return {
    keyFor(signature: string): string {
      if (current?.signature !== signature) current = { signature, key: newIdempotencyKey() };
      return current.key;
    },
    /** The request succeeded: the next one, even if identical, is a new request. */
    reset(): void {
      current = null;
    },
  };
}
