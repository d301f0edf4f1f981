/**
 * Base64 for bytes, the same in Node and in browsers. Node's Buffer is used when it exists because
 * sealed match lists run to megabytes and it is many times faster than `btoa` over a binary
 * string; browsers take the portable path.
 */

interface BufferLike {
  from(bytes: Uint8Array): { toString(encoding: 'base64'): string };
  from(text: string, encoding: 'base64'): Uint8Array;
}

const nodeBuffer = (globalThis as { Buffer?: BufferLike }).Buffer;

/** `btoa` takes a string of byte values; building it in slices keeps the argument list short. */
const sliceBytes = 0x8000;

export function encodeBase64(bytes: Uint8Array): string {
  if (nodeBuffer) return nodeBuffer.from(bytes).toString('base64');
  let binary = '';
  for (let start = 0; start < bytes.length; start += sliceBytes) {
    binary += String.fromCharCode(...bytes.subarray(start, start + sliceBytes));
  }
  return btoa(binary);
}

const base64Pattern = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** The bytes of canonical, padded base64; undefined for anything else. */
export function decodeBase64(text: string): Uint8Array | undefined {
  if (!base64Pattern.test(text)) return undefined;
  if (nodeBuffer) return new Uint8Array(nodeBuffer.from(text, 'base64'));
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** URL-safe base64 without padding (RFC 4648 §5), for ids that travel in lists and paths. */
export function encodeBase64Url(bytes: Uint8Array): string {
  return encodeBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function decodeBase64Url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return undefined;
  const padded = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  return decodeBase64(padded);
}
