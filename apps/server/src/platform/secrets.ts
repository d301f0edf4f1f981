import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// Tokens and password hashes of members (identity) and operators alike: neither module owns them.

/** 256 random bits, URL-safe: what a client holds as its token. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Public identifier of a user, unguessable so it cannot be enumerated. */
export function generateUid(): string {
  return randomBytes(12).toString('hex');
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function constantTimeEqual(left: string, right: string): boolean {
  const leftBytes = Buffer.from(left);
  const rightBytes = Buffer.from(right);
  return leftBytes.length === rightBytes.length && timingSafeEqual(leftBytes, rightBytes);
}

/**
 * argon2id with OWASP's minimum parameters (19 MiB, 2 passes, 1 lane) over the double-MD5 the
 * client sends: we never store what arrives on the wire.
 */
const argonOptions = { memoryCost: 19_456, timeCost: 2, parallelism: 1, algorithm: 2 } as const;

export function hashPassword(wirePassword: string): Promise<string> {
  return hash(wirePassword.toLowerCase(), argonOptions);
}

export async function verifyPassword(storedHash: string, wirePassword: string): Promise<boolean> {
  try {
    return await verify(storedHash, wirePassword.toLowerCase());
  } catch {
    return false;
  }
}

/**
 * A hash to verify against when the account does not exist, so an unknown account takes as long
 * to refuse as a wrong password and account names cannot be probed by timing.
 */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return decoyHash;
}
