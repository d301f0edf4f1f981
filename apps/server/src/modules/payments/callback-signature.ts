import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../http/app-error';

/** The headers a signed callback carries. */
export const callbackHeaders = {
  timestamp: 'x-payment-timestamp',
  nonce: 'x-payment-nonce',
  signature: 'x-payment-signature',
} as const;

/** A callback's timestamp may be this far from the receiver's clock, either way. */
export const callbackWindowMs = 5 * 60_000;

const noncePattern = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * HMAC-SHA256 over `timestamp.nonce.body`, hex. The timestamp and nonce are inside the signature,
 * so neither can be changed to slip an old callback past the window or the replay check.
 */
export function signCallback(
  secret: string,
  body: string,
  timestampMs: number,
  nonce: string,
): string {
  return createHmac('sha256', secret).update(`${timestampMs}.${nonce}.${body}`).digest('hex');
}

/** The headers of a freshly signed callback, with a new random nonce. */
export function signedCallbackHeaders(
  secret: string,
  body: string,
  now: Date,
): Record<string, string> {
  const timestampMs = now.getTime();
  const nonce = randomBytes(18).toString('base64url');
  return {
    [callbackHeaders.timestamp]: String(timestampMs),
    [callbackHeaders.nonce]: nonce,
    [callbackHeaders.signature]: signCallback(secret, body, timestampMs, nonce),
  };
}

function singleHeader(
  headers: Record<string, string | string[] | undefined>,
  name: string,
): string | undefined {
  const value = headers[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * Checks a callback's signature and freshness and answers its nonce. The signature is checked
 * first and in constant time, so an unsigned caller learns nothing about the window or nonces.
 */
export function verifyCallbackSignature(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  now: Date,
): { nonce: string } {
  const timestampText = singleHeader(headers, callbackHeaders.timestamp);
  const nonce = singleHeader(headers, callbackHeaders.nonce);
  const signature = singleHeader(headers, callbackHeaders.signature);
  if (!timestampText || !/^\d{1,16}$/.test(timestampText) || !nonce || !noncePattern.test(nonce)) {
    throw new AppError(
      'PAYMENT_CALLBACK_SIGNATURE_INVALID',
      `${callbackHeaders.timestamp} and ${callbackHeaders.nonce} are required`,
    );
  }
  if (!signature || !/^[0-9a-f]{64}$/.test(signature)) {
    throw new AppError(
      'PAYMENT_CALLBACK_SIGNATURE_INVALID',
      `${callbackHeaders.signature} must be 64 hex characters`,
    );
  }
  const timestampMs = Number(timestampText);
  const expected = Buffer.from(signCallback(secret, rawBody, timestampMs, nonce), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) {
    throw new AppError('PAYMENT_CALLBACK_SIGNATURE_INVALID');
  }
  if (Math.abs(now.getTime() - timestampMs) > callbackWindowMs) {
    throw new AppError('PAYMENT_CALLBACK_STALE', `more than ${callbackWindowMs / 1000} s away`);
  }
  return { nonce };
}
