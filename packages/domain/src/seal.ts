import { decodeBase64, encodeBase64 } from './base64';

/**
 * Sealed payloads (DESIGN §5), one implementation over WebCrypto for the server and the browser.
 *
 * key    = HKDF-SHA256(input = the token's UTF-8 bytes, salt = empty, info = "seal-v1", 32 bytes)
 * sealed = base64(IV ‖ AES-256-GCM ciphertext ‖ 16-byte tag) over the UTF-8 JSON of the value,
 *          with a fresh random 12-byte IV each time.
 *
 * A reader that cannot open a payload gets `{}`, as SPEC §7 says a failed decryption yields.
 */

export const SEAL_INFO = 'seal-v1';
export const SEAL_IV_BYTES = 12;
export const SEAL_TAG_BYTES = 16;

export interface SealOptions {
  /** Where IVs come from; tests pin one to check the format. Random by default. */
  ivSource?: () => Uint8Array;
}

/** WebCrypto's types, named through the global so browser and Node type libraries both fit. */
type Subtle = typeof globalThis.crypto.subtle;
type SealKey = Awaited<ReturnType<Subtle['deriveKey']>>;

const textEncoder = new TextEncoder();
const textDecoder = new TextDecoder('utf-8', { fatal: true });

/**
 * Deriving a key costs two WebCrypto calls; a member fetches lists many times with one token, so
 * recent keys are kept. The bound keeps a flood of distinct tokens from growing memory.
 */
const keyCacheLimit = 1024;
const keyCache = new Map<string, Promise<SealKey>>();

function subtle(): Subtle {
  const crypto = globalThis.crypto;
  if (!crypto?.subtle) throw new Error('WebCrypto (crypto.subtle) is not available');
  return crypto.subtle;
}

async function deriveSealKey(token: string): Promise<SealKey> {
  const input = await subtle().importKey('raw', textEncoder.encode(token), 'HKDF', false, [
    'deriveKey',
  ]);
  return subtle().deriveKey(
    {
      name: 'HKDF',
      hash: 'SHA-256',
      salt: new Uint8Array(0),
      info: textEncoder.encode(SEAL_INFO),
    },
    input,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

function sealKey(token: string): Promise<SealKey> {
  let key = keyCache.get(token);
  if (key) {
    // Refresh its place so the least recently used key is the one dropped.
    keyCache.delete(token);
    keyCache.set(token, key);
    return key;
  }
  key = deriveSealKey(token);
  // A failed derivation must not stay cached.
  key.catch(() => keyCache.delete(token));
  keyCache.set(token, key);
  if (keyCache.size > keyCacheLimit) {
    const oldest = keyCache.keys().next().value;
    if (oldest !== undefined) keyCache.delete(oldest);
  }
  return key;
}

/** WebCrypto takes bytes over an ArrayBuffer; bytes over shared memory are copied first. */
function ownBytes(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return bytes.buffer instanceof ArrayBuffer
    ? (bytes as Uint8Array<ArrayBuffer>)
    : new Uint8Array(bytes);
}

function randomIv(): Uint8Array {
  return globalThis.crypto.getRandomValues(new Uint8Array(SEAL_IV_BYTES));
}

/** Seals the UTF-8 bytes of JSON text already serialised. */
export async function sealBytes(
  token: string,
  jsonBytes: Uint8Array,
  options: SealOptions = {},
): Promise<string> {
  if (token === '') throw new RangeError('a sealed payload needs a token');
  const iv = new Uint8Array((options.ivSource ?? randomIv)());
  if (iv.length !== SEAL_IV_BYTES) throw new RangeError(`the IV must be ${SEAL_IV_BYTES} bytes`);
  const key = await sealKey(token);
  const ciphertext = new Uint8Array(
    await subtle().encrypt({ name: 'AES-GCM', iv }, key, ownBytes(jsonBytes)),
  );
  // Twelve bytes are four whole base64 groups, so base64(IV ‖ rest) is base64(IV) + base64(rest)
  // and the ciphertext need not be copied behind the IV first.
  return encodeBase64(iv) + encodeBase64(ciphertext);
}

/** Seals JSON text that is already serialised. */
export function sealJson(token: string, json: string, options?: SealOptions): Promise<string> {
  return sealBytes(token, textEncoder.encode(json), options);
}

/** Seals a value for the holder of `token`. */
export function sealPayload(token: string, value: unknown, options?: SealOptions): Promise<string> {
  return sealJson(token, JSON.stringify(value) ?? 'null', options);
}

/** Opens a sealed payload; `{}` for anything that is not one sealed with this token. */
export async function openPayload(token: string, sealed: unknown): Promise<unknown> {
  if (typeof token !== 'string' || token === '' || typeof sealed !== 'string') return {};
  const bytes = decodeBase64(sealed);
  if (!bytes || bytes.length < SEAL_IV_BYTES + SEAL_TAG_BYTES) return {};
  try {
    const key = await sealKey(token);
    const plain = await subtle().decrypt(
      { name: 'AES-GCM', iv: bytes.slice(0, SEAL_IV_BYTES) },
      key,
      bytes.slice(SEAL_IV_BYTES),
    );
    return JSON.parse(textDecoder.decode(plain));
  } catch {
    return {};
  }
}
