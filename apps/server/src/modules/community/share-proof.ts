import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  sign,
  verify,
} from 'node:crypto';

/**
 * The canonical JSON of a value: object keys sorted at every depth, no spaces, as JSON.stringify
 * writes strings and numbers. Shares hold only strings, integers, booleans, null, arrays and
 * objects, so any client rebuilds the same bytes (docs/community.md).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    const text = JSON.stringify(value);
    if (text === undefined) throw new Error('canonicalJson: not JSON');
    return text;
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, entry]) => entry !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(',')}}`;
}

/** What a share's signature covers: its frozen document, and how it ended once it did. */
export const signedBytesOf = (placed: unknown, settled: unknown): Buffer =>
  Buffer.from(canonicalJson({ placed, settled: settled ?? null }), 'utf8');

/** An Ed25519 key pair as stored: the private key's PKCS#8 DER and the public key's raw bytes. */
export interface StoredKey {
  privateKey: string;
  publicKey: string;
}

export function newSigningKey(): StoredKey {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
    publicKey: rawPublicKeyOf(publicKey),
  };
}

function rawPublicKeyOf(key: KeyObject): string {
  const jwk = key.export({ format: 'jwk' });
  if (!jwk.x) throw new Error('not an Ed25519 public key');
  return Buffer.from(jwk.x, 'base64url').toString('base64');
}

/** The signer and checker over one stored key. */
export function shareSigner(stored: StoredKey) {
  const privateKey = createPrivateKey({
    key: Buffer.from(stored.privateKey, 'base64'),
    format: 'der',
    type: 'pkcs8',
  });
  const publicKey = createPublicKey({
    key: {
      kty: 'OKP',
      crv: 'Ed25519',
      x: Buffer.from(stored.publicKey, 'base64').toString('base64url'),
    },
    format: 'jwk',
  });
  const keyId = createHash('sha256')
    .update(Buffer.from(stored.publicKey, 'base64'))
    .digest('hex')
    .slice(0, 16);
  return {
    keyId,
    publicKey: stored.publicKey,
    digest: (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex'),
    sign: (bytes: Buffer) => sign(null, bytes, privateKey).toString('base64'),
    verify: (bytes: Buffer, signature: string) => {
      try {
        return verify(null, bytes, publicKey, Buffer.from(signature, 'base64'));
      } catch {
        return false;
      }
    },
  };
}

export type ShareSigner = ReturnType<typeof shareSigner>;
