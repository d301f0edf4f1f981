import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { decodeBase64, SEAL_INFO, SEAL_IV_BYTES, SEAL_TAG_BYTES } from '@sb/domain';

/**
 * The answer envelope of a sealed call, `{"code":0,"msg":"success","data":"<sealed>"}`, in one
 * buffer, sealed as DESIGN §5 says (packages/domain's seal.ts opens it; the browser seals with
 * WebCrypto there). The server seals megabytes of match list per request, so it does not go
 * through WebCrypto: that encrypts the whole text into a new buffer, base64 makes a string as
 * long again and the envelope a third copy, and those large short-lived blocks kept the garbage
 * collector busy. Here the text is encrypted a slice at a time and each slice's base64 written
 * straight into the envelope, so the only large allocation is the envelope itself, and that one
 * the caller may lend (answer-buffers.ts).
 */

const head = Buffer.from('{"code":0,"msg":"success","data":"');
const tail = Buffer.from('"}');
/** A multiple of 3, so the base64 of consecutive slices joins without padding in between. */
const sliceBytes = 3 * 16 * 1024;

/** Deriving a key per request would cost more than sealing a small answer; recent ones are kept. */
const keyCacheLimit = 1024;
const keys = new Map<string, Buffer>();

function sealKey(token: string): Buffer {
  let key = keys.get(token);
  if (key) {
    keys.delete(token);
  } else {
    key = Buffer.from(hkdfSync('sha256', token, Buffer.alloc(0), SEAL_INFO, 32));
    if (keys.size >= keyCacheLimit) {
      const oldest = keys.keys().next().value;
      if (oldest !== undefined) keys.delete(oldest);
    }
  }
  keys.set(token, key);
  return key;
}

function base64Length(byteCount: number): number {
  return 4 * Math.ceil(byteCount / 3);
}

/** Seals `plain` into an answer envelope, written into a buffer `allocate` gives. */
export function sealedEnvelope(
  token: string,
  plain: Uint8Array,
  allocate: (length: number) => Buffer = Buffer.allocUnsafe,
): Buffer {
  if (token === '') throw new RangeError('a sealed payload needs a token');
  const iv = randomBytes(SEAL_IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', sealKey(token), iv);
  // IV ‖ ciphertext ‖ 16-byte tag; the IV is four whole base64 groups, so it is encoded alone.
  const sealedLength = SEAL_IV_BYTES + plain.length + SEAL_TAG_BYTES;
  const envelope = allocate(head.length + base64Length(sealedLength) + tail.length);
  let offset = head.copy(envelope, 0);
  offset += envelope.write(iv.toString('base64'), offset, 'latin1');
  let start = 0;
  // Whole slices while more than one slice remains; the rest goes out with the tag.
  for (; plain.length - start > sliceBytes; start += sliceBytes) {
    const sealed = cipher.update(plain.subarray(start, start + sliceBytes));
    offset += envelope.write(sealed.toString('base64'), offset, 'latin1');
  }
  const last = cipher.update(plain.subarray(start));
  cipher.final();
  const rest = Buffer.concat([last, cipher.getAuthTag()]);
  offset += envelope.write(rest.toString('base64'), offset, 'latin1');
  offset += tail.copy(envelope, offset);
  if (offset !== envelope.length) throw new Error('sealed envelope length mismatch');
  return envelope;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Opens a payload sealed with `token`, as packages/domain's `openPayload` does (the same strict
 * base64, and `{}` for anything that is not a payload sealed with this token, SPEC §7), with
 * node:crypto and the keys kept for sealing: a bet is a few hundred bytes, and WebCrypto's
 * promise dispatch cost the server more than decrypting it.
 */
export function openSealed(token: string, sealed: unknown): unknown {
  if (typeof token !== 'string' || token === '' || typeof sealed !== 'string') return {};
  const bytes = decodeBase64(sealed);
  if (!bytes || bytes.length < SEAL_IV_BYTES + SEAL_TAG_BYTES) return {};
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      sealKey(token),
      bytes.subarray(0, SEAL_IV_BYTES),
    );
    decipher.setAuthTag(bytes.subarray(bytes.length - SEAL_TAG_BYTES));
    const plain = Buffer.concat([
      decipher.update(bytes.subarray(SEAL_IV_BYTES, bytes.length - SEAL_TAG_BYTES)),
      decipher.final(),
    ]);
    return JSON.parse(strictUtf8.decode(plain));
  } catch {
    return {};
  }
}
