import { decodeBase64, encodeBase64 } from './base64';

/**
 * Sealed payloads (DESIGN §5), one implementation for the server and the browser.
 *
 * key    = HKDF-SHA256(input = the token's UTF-8 bytes, salt = empty, info = "seal-v1", 32 bytes)
 * sealed = base64(IV ‖ AES-256-GCM ciphertext ‖ 16-byte tag) over the UTF-8 JSON of the value,
 *          with a fresh random 12-byte IV each time.
 *
 * The work is done by WebCrypto where the platform offers `crypto.subtle`. Browsers offer it only
 * in secure contexts (https, or http on localhost): a page served over plain http at any other
 * address has none, and there the same format is sealed and opened by audited pure-JavaScript
 * HKDF and AES-GCM (seal-fallback.ts), loaded on first use so pages that have WebCrypto never
 * download it.
 *
 * A reader that cannot open a payload gets `{}`, as SPEC §7 says a failed decryption yields.
 */

export const SEAL_INFO = 'seal-v1';
export const SEAL_IV_BYTES = 12;
export const SEAL_TAG_BYTES = 16;
export const SEAL_KEY_BYTES = 32;

export interface SealOptions {
  /** Where IVs come from; tests pin one to check the format. Random by default. */
  ivSource?: () => Uint8Array;
}

/**
 * What sealing needs of a cryptography library: the key of a token, and AES-256-GCM with that key
 * (the ciphertext followed by its 16-byte tag). `decrypt` rejects a payload whose tag fails.
 */
export interface SealEngine<Key = unknown> {
  readonly name: string;
  deriveKey(token: string): Promise<Key>;
  encrypt(key: Key, iv: Uint8Array, plain: Uint8Array): Promise<Uint8Array>;
  decrypt(key: Key, iv: Uint8Array, sealed: Uint8Array): Promise<Uint8Array>;
}

/** Sealing and opening over one engine. */
export interface Sealer {
  readonly engine: string;
  sealBytes(token: string, jsonBytes: Uint8Array, options?: SealOptions): Promise<string>;
  sealJson(token: string, json: string, options?: SealOptions): Promise<string>;
  sealPayload(token: string, value: unknown, options?: SealOptions): Promise<string>;
  openPayload(token: string, sealed: unknown): Promise<unknown>;
}

/** WebCrypto's types, named through the global so browser and Node type libraries both fit. */
type Subtle = typeof globalThis.crypto.subtle;
type SubtleKey = Awaited<ReturnType<Subtle['deriveKey']>>;

const textEncoder = new TextEncoder();
const textDecoder = new TextDecoder('utf-8', { fatal: true });

/** WebCrypto takes bytes over an ArrayBuffer; bytes over shared memory are copied first. */
function ownBytes(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return bytes.buffer instanceof ArrayBuffer
    ? (bytes as Uint8Array<ArrayBuffer>)
    : new Uint8Array(bytes);
}

/** The engine over WebCrypto's `subtle`, whose keys cannot be read back out of it. */
export function subtleSealEngine(subtle: Subtle): SealEngine<SubtleKey> {
  return {
    name: 'WebCrypto',
    async deriveKey(token) {
      const input = await subtle.importKey('raw', textEncoder.encode(token), 'HKDF', false, [
        'deriveKey',
      ]);
      return subtle.deriveKey(
        {
          name: 'HKDF',
          hash: 'SHA-256',
          salt: new Uint8Array(0),
          info: textEncoder.encode(SEAL_INFO),
        },
        input,
        { name: 'AES-GCM', length: SEAL_KEY_BYTES * 8 },
        false,
        ['encrypt', 'decrypt'],
      );
    },
    async encrypt(key, iv, plain) {
      return new Uint8Array(
        await subtle.encrypt({ name: 'AES-GCM', iv: ownBytes(iv) }, key, ownBytes(plain)),
      );
    },
    async decrypt(key, iv, sealed) {
      return new Uint8Array(
        await subtle.decrypt({ name: 'AES-GCM', iv: ownBytes(iv) }, key, ownBytes(sealed)),
      );
    },
  };
}

/**
 * Deriving a key costs two WebCrypto calls; a member fetches lists many times with one token, so
 * recent keys are kept. The bound keeps a flood of distinct tokens from growing memory.
 */
const keyCacheLimit = 1024;

function randomIv(): Uint8Array {
  // getRandomValues is offered in every context, secure or not.
  return globalThis.crypto.getRandomValues(new Uint8Array(SEAL_IV_BYTES));
}

/** Sealing and opening over `engine`, with a key cache of its own. */
export function createSealer<Key>(engine: SealEngine<Key>): Sealer {
  const keyCache = new Map<string, Promise<Key>>();

  function sealKey(token: string): Promise<Key> {
    let key = keyCache.get(token);
    if (key) {
      // Refresh its place so the least recently used key is the one dropped.
      keyCache.delete(token);
      keyCache.set(token, key);
      return key;
    }
    key = engine.deriveKey(token);
    // A failed derivation must not stay cached.
    key.catch(() => keyCache.delete(token));
    keyCache.set(token, key);
    if (keyCache.size > keyCacheLimit) {
      const oldest = keyCache.keys().next().value;
      if (oldest !== undefined) keyCache.delete(oldest);
    }
    return key;
  }

  async function sealBytes(
    token: string,
    jsonBytes: Uint8Array,
    options: SealOptions = {},
  ): Promise<string> {
    if (token === '') throw new RangeError('a sealed payload needs a token');
    const iv = new Uint8Array((options.ivSource ?? randomIv)());
    if (iv.length !== SEAL_IV_BYTES) throw new RangeError(`the IV must be ${SEAL_IV_BYTES} bytes`);
    const ciphertext = await engine.encrypt(await sealKey(token), iv, jsonBytes);
    // Twelve bytes are four whole base64 groups, so base64(IV ‖ rest) is base64(IV) + base64(rest)
    // and the ciphertext need not be copied behind the IV first.
    return encodeBase64(iv) + encodeBase64(ciphertext);
  }

  function sealJson(token: string, json: string, options?: SealOptions): Promise<string> {
    return sealBytes(token, textEncoder.encode(json), options);
  }

  return {
    engine: engine.name,
    sealBytes,
    sealJson,
    sealPayload: (token, value, options) =>
      sealJson(token, JSON.stringify(value) ?? 'null', options),
    async openPayload(token, sealed) {
      if (typeof token !== 'string' || token === '' || typeof sealed !== 'string') return {};
      const bytes = decodeBase64(sealed);
      if (!bytes || bytes.length < SEAL_IV_BYTES + SEAL_TAG_BYTES) return {};
      try {
        const plain = await engine.decrypt(
          await sealKey(token),
          bytes.subarray(0, SEAL_IV_BYTES),
          bytes.subarray(SEAL_IV_BYTES),
        );
        return JSON.parse(textDecoder.decode(plain));
      } catch {
        return {};
      }
    },
  };
}

/**
 * A sealer over the pure-JavaScript engine, its module fetched on first use: only pages without
 * WebCrypto need it.
 */
export async function loadFallbackSealer(): Promise<Sealer> {
  const { fallbackSealEngine } = await import('./seal-fallback');
  return createSealer(fallbackSealEngine(SEAL_INFO, SEAL_KEY_BYTES));
}

/**
 * The sealer for a platform: WebCrypto when `platformCrypto` has `subtle`, the pure-JavaScript
 * fallback otherwise (a browser page that is not a secure context).
 */
export function sealerFor(
  platformCrypto: { subtle?: Subtle } | undefined,
  loadFallback: () => Promise<Sealer> = loadFallbackSealer,
): Promise<Sealer> {
  const subtle = platformCrypto?.subtle;
  return subtle ? Promise.resolve(createSealer(subtleSealEngine(subtle))) : loadFallback();
}

let platformSealer: Promise<Sealer> | undefined;

/** This platform's sealer, chosen once; a fallback that failed to load is tried again next time. */
export function currentSealer(): Promise<Sealer> {
  if (!platformSealer) {
    const chosen = sealerFor(globalThis.crypto);
    chosen.catch(() => {
      if (platformSealer === chosen) platformSealer = undefined;
    });
    platformSealer = chosen;
  }
  return platformSealer;
}

/** Seals the UTF-8 bytes of JSON text already serialised. */
export async function sealBytes(
  token: string,
  jsonBytes: Uint8Array,
  options?: SealOptions,
): Promise<string> {
  return (await currentSealer()).sealBytes(token, jsonBytes, options);
}

/** Seals JSON text that is already serialised. */
export async function sealJson(
  token: string,
  json: string,
  options?: SealOptions,
): Promise<string> {
  return (await currentSealer()).sealJson(token, json, options);
}

/** Seals a value for the holder of `token`. */
export async function sealPayload(
  token: string,
  value: unknown,
  options?: SealOptions,
): Promise<string> {
  return (await currentSealer()).sealPayload(token, value, options);
}

/**
 * Opens a sealed payload; `{}` for anything that is not one sealed with this token. It rejects
 * only when no engine can be had (the fallback's chunk failed to load), so a page says it could
 * not read the answer instead of showing an empty one.
 */
export async function openPayload(token: string, sealed: unknown): Promise<unknown> {
  return (await currentSealer()).openPayload(token, sealed);
}
