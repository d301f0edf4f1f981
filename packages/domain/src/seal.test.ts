import { createCipheriv, hkdfSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openPayload, SEAL_IV_BYTES, SEAL_TAG_BYTES, sealJson, sealPayload } from './seal';

const token = 'k7Yq0d3lB6sV9pXz2uR4wT8mN1cE5aHj-seal-test';
const fixedIv = () => Uint8Array.from({ length: 12 }, (_, index) => index + 1);
const value = { records: [{ a: 1, b: 12196054, z: { '1': { 'hcp=-0.25': [{ o: 1.91 }] } } }] };

/** The format written out with node:crypto, independently of the WebCrypto implementation. */
function sealWithNodeCrypto(secret: string, plain: unknown, iv: Uint8Array): string {
  const key = Buffer.from(
    hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.alloc(0), 'seal-v1', 32),
  );
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(plain), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64');
}

describe('sealed payloads', () => {
  it('matches the known answer for a fixed token and IV', async () => {
    const sealed = await sealPayload(token, { hello: '世界', n: 1 }, { ivSource: fixedIv });
    expect(sealed).toBe(KNOWN_ANSWER);
    expect(sealed).toBe(sealWithNodeCrypto(token, { hello: '世界', n: 1 }, fixedIv()));
  });

  it('is IV ‖ ciphertext ‖ tag in base64 over the UTF-8 JSON', async () => {
    const sealed = await sealPayload(token, value, { ivSource: fixedIv });
    const bytes = Buffer.from(sealed, 'base64');
    expect(bytes.subarray(0, SEAL_IV_BYTES)).toEqual(Buffer.from(fixedIv()));
    expect(bytes.length).toBe(
      SEAL_IV_BYTES + Buffer.byteLength(JSON.stringify(value)) + SEAL_TAG_BYTES,
    );
    expect(sealed).toBe(sealWithNodeCrypto(token, value, fixedIv()));
  });

  it('round-trips and uses a fresh IV each time', async () => {
    const first = await sealPayload(token, value);
    const second = await sealPayload(token, value);
    expect(first).not.toBe(second);
    expect(await openPayload(token, first)).toEqual(value);
    expect(await openPayload(token, second)).toEqual(value);
    expect(await openPayload(token, await sealJson(token, '[1,2]'))).toEqual([1, 2]);
  });

  it('answers {} for anything it cannot open', async () => {
    const sealed = await sealPayload(token, value);
    const tampered = Buffer.from(sealed, 'base64');
    tampered[20] = (tampered[20] ?? 0) ^ 1;
    expect(await openPayload('another-token', sealed)).toEqual({});
    expect(await openPayload(token, tampered.toString('base64'))).toEqual({});
    expect(await openPayload(token, sealed.slice(0, 20))).toEqual({});
    expect(await openPayload(token, 'not base64 at all!')).toEqual({});
    expect(await openPayload(token, '')).toEqual({});
    expect(await openPayload(token, 42)).toEqual({});
    expect(await openPayload(token, null)).toEqual({});
    expect(await openPayload('', sealed)).toEqual({});
  });

  it('refuses an empty token and a wrong-sized IV', async () => {
    await expect(sealPayload('', value)).rejects.toThrow(RangeError);
    await expect(sealPayload(token, value, { ivSource: () => new Uint8Array(8) })).rejects.toThrow(
      RangeError,
    );
  });
});

const KNOWN_ANSWER = 'AQIDBAUGBwgJCgsM757z37AcLl/7/cwYzaTsKHfL7rl2p0+z7h0yLpvJFHGznmerFpKu3w==';
