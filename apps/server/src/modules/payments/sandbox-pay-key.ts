import { createHmac, timingSafeEqual } from 'node:crypto';

/** A pay page key: base64url of an HMAC-SHA256, 43 characters. */
const payPageKeyPattern = /^[A-Za-z0-9_-]{43}$/;

/**
 * The key that opens one payment's pay page: an HMAC of the payment id with the sandbox secret,
 * carried by the pay URL the deposit call answers. A payment id alone (shown on the page, stored
 * on the order, echoed in callbacks) opens nothing, and no key opens another payment. The
 * label keeps these MACs apart from the secret's other uses (callbacks, addresses).
 */
export function payPageKey(secret: string, paymentId: string): string {
  return createHmac('sha256', secret).update(`sandbox-pay-page:${paymentId}`).digest('base64url');
}

/** Whether `key` opens the payment's page, compared in constant time. */
export function isPayPageKey(secret: string, paymentId: string, key: string): boolean {
  if (!payPageKeyPattern.test(key)) return false;
  return timingSafeEqual(Buffer.from(key), Buffer.from(payPageKey(secret, paymentId)));
}
