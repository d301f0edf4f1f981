import type { Share } from '@sb/contract';

/**
 * The canonical JSON the server signs (docs/community.md, The proof): object keys sorted by code
 * unit at every depth, no whitespace, strings and numbers as `JSON.stringify` writes them.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const record = value as Record<string, unknown>;
  return `{${Object.keys(record)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`)
    .join(',')}}`;
}

/** The bytes a share's signature covers: its frozen documents, `settled` null while open. */
export function signedBytesOf(share: Pick<Share, 'placed' | 'settled'>): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(canonicalJson({ placed: share.placed, settled: share.settled }));
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
}

/**
 * What this browser's own check of a share says: `valid` or `invalid` against the pinned key
 * (the one `share/key` answers, not the one carried by the answer), `unavailable` when the page
 * has no WebCrypto Ed25519 (an insecure address, an older browser): the server's answer stands
 * alone then.
 */
export type BrowserCheck = 'valid' | 'invalid' | 'unavailable';

export async function checkInBrowser(
  share: Pick<Share, 'placed' | 'settled'>,
  signature: string,
  pinnedPublicKey: string,
): Promise<BrowserCheck> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return 'unavailable';
  let key: CryptoKey;
  try {
    key = await subtle.importKey('raw', fromBase64(pinnedPublicKey), { name: 'Ed25519' }, false, [
      'verify',
    ]);
  } catch {
    return 'unavailable';
  }
  try {
    const isValid = await subtle.verify(
      { name: 'Ed25519' },
      key,
      fromBase64(signature),
      signedBytesOf(share),
    );
    return isValid ? 'valid' : 'invalid';
  } catch {
    return 'invalid';
  }
}
