import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Time-based one-time codes (RFC 6238 over RFC 4226's HOTP) as every authenticator app makes
 * them: HMAC-SHA1, 30-second steps, 6 digits. A code is accepted for one step either side of
 * the server's clock, so a phone a little fast or slow, or a code typed as the step turns, still
 * works.
 */
export const totpStepSeconds = 30;
export const totpDigits = 6;
/** Steps accepted either side of the current one. */
export const totpWindowSteps = 1;
/** 160 bits, the HMAC-SHA1 key length RFC 4226 recommends. */
const secretBytes = 20;

const base32Alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding, the form otpauth:// URIs and authenticator apps use. */
export function encodeBase32(bytes: Uint8Array): string {
  let output = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      output += base32Alphabet[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) output += base32Alphabet[(buffer << (5 - bits)) & 31];
  return output;
}

/** Reads base32 as people copy it: any case, spaces and padding ignored. Throws on other text. */
export function decodeBase32(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const character of clean) {
    const value = base32Alphabet.indexOf(character);
    if (value < 0) throw new Error(`not base32: "${character}"`);
    buffer = (buffer << 5) | value;
    bits += 5;
    if (bits >= 8) {
      bytes.push((buffer >>> (bits - 8)) & 255);
      bits -= 8;
    }
    buffer &= (1 << bits) - 1;
  }
  return Buffer.from(bytes);
}

export function generateTotpSecret(): string {
  return encodeBase32(randomBytes(secretBytes));
}

/** The 30-second step a moment falls in, counted from the Unix epoch. */
export function totpStepAt(timeMs: number): number {
  return Math.floor(timeMs / 1000 / totpStepSeconds);
}

/** RFC 4226 HOTP: the code for one counter value. */
export function hotp(key: Uint8Array, counter: number, digits = totpDigits): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', key).update(message).digest();
  const offset = (digest[digest.length - 1] as number) & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The code an authenticator holding `secret` shows at `timeMs`. */
export function totpCodeAt(secret: string, timeMs: number): string {
  return hotp(decodeBase32(secret), totpStepAt(timeMs));
}

/**
 * The step whose code `code` is, within the window around `timeMs`, or null when it is none of
 * them. Every step of the window is compared in constant time, so timing says nothing about
 * which (if any) matched.
 */
export function matchTotpStep(secret: string, code: string, timeMs: number): number | null {
  const key = decodeBase32(secret);
  const current = totpStepAt(timeMs);
  const given = Buffer.from(code.padEnd(totpDigits, ' ').slice(0, totpDigits));
  let matched: number | null = null;
  for (let step = current - totpWindowSteps; step <= current + totpWindowSteps; step += 1) {
    const isMatch = timingSafeEqual(Buffer.from(hotp(key, step)), given);
    if (isMatch && matched === null) matched = step;
  }
  return code.length === totpDigits ? matched : null;
}

/** The otpauth:// URI authenticator apps read from a QR code or a pasted link. */
export function otpauthUri(options: { issuer: string; accountName: string; secret: string }) {
  const label = encodeURIComponent(`${options.issuer}:${options.accountName}`);
  const query = new URLSearchParams({
    secret: options.secret,
    issuer: options.issuer,
    algorithm: 'SHA1',
    digits: String(totpDigits),
    period: String(totpStepSeconds),
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}
