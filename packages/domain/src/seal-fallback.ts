import { gcm } from '@noble/ciphers/aes.js';
import { hkdf } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';
import type { SealEngine } from './seal';

/**
 * Sealing where the platform has no WebCrypto `subtle` (a browser page served over plain http at
 * an address other than localhost, which is not a secure context): HKDF-SHA256 and AES-256-GCM
 * from @noble/hashes and @noble/ciphers, audited pure-JavaScript implementations, giving the
 * same bytes as WebCrypto for the same key, IV and text. seal.ts loads this module only when
 * `crypto.subtle` is missing. The IV still comes from `crypto.getRandomValues`, which every
 * context offers. seal.ts hands it the key's `info` and length, so this module imports no value
 * from seal.ts and its chunk holds only what the pages without WebCrypto need.
 */

const textEncoder = new TextEncoder();
const emptySalt = new Uint8Array(0);

export function fallbackSealEngine(info: string, keyBytes: number): SealEngine<Uint8Array> {
  const infoBytes = textEncoder.encode(info);
  return {
    name: 'pure JavaScript',
    async deriveKey(token) {
      return hkdf(sha256, textEncoder.encode(token), emptySalt, infoBytes, keyBytes);
    },
    async encrypt(key, iv, plain) {
      return gcm(key, iv).encrypt(plain);
    },
    async decrypt(key, iv, sealed) {
      // Throws when the tag does not match: the caller answers `{}`.
      return gcm(key, iv).decrypt(sealed);
    },
  };
}
