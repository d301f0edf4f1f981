import { createCipheriv, hkdfSync, webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createSealer,
  currentSealer,
  loadFallbackSealer,
  openPayload,
  SEAL_IV_BYTES,
  SEAL_TAG_BYTES,
  type Sealer,
  sealerFor,
  sealJson,
  sealPayload,
  subtleSealEngine,
} from './seal';

const token = 'k7Yq0d3lB6sV9pXz2uR4wT8mN1cE5aHj-seal-test';
const fixedIv = () => Uint8Array.from({ length: 12 }, (_, index) => index + 1);
const value = { records: [{ a: 1, b: 12196054, z: { '1': { 'hcp=-0.25': [{ o: 1.91 }] } } }] };

/** The format written out with node:crypto, independently of either engine. */
function sealWithNodeCrypto(secret: string, plain: unknown, iv: Uint8Array): string {
  const key = Buffer.from(
    hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.alloc(0), 'seal-v1', 32),
  );
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(plain), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64');
}

const webCryptoSealer = createSealer(subtleSealEngine(webcrypto.subtle as Crypto['subtle']));
const fallbackSealer = await loadFallbackSealer();

/** The same vectors for both engines and for the platform's own functions, which pick one. */
const sealers: [string, Pick<Sealer, 'sealPayload' | 'sealJson' | 'openPayload'>][] = [
  ['the platform (WebCrypto in Node)', { sealPayload, sealJson, openPayload }],
  ['WebCrypto', webCryptoSealer],
  ['the pure-JavaScript fallback', fallbackSealer],
];

describe.each(sealers)('sealed payloads over %s', (_, sealer) => {
  it('matches the known answer for a fixed token and IV', async () => {
    const sealed = await sealer.sealPayload(token, { hello: '世界', n: 1 }, { ivSource: fixedIv });
    expect(sealed).toBe(KNOWN_ANSWER);
    expect(sealed).toBe(sealWithNodeCrypto(token, { hello: '世界', n: 1 }, fixedIv()));
    expect(await sealer.openPayload(token, KNOWN_ANSWER)).toEqual({ hello: '世界', n: 1 });
  });

  it('is IV ‖ ciphertext ‖ tag in base64 over the UTF-8 JSON', async () => {
    const sealed = await sealer.sealPayload(token, value, { ivSource: fixedIv });
    const bytes = Buffer.from(sealed, 'base64');
    expect(bytes.subarray(0, SEAL_IV_BYTES)).toEqual(Buffer.from(fixedIv()));
    expect(bytes.length).toBe(
      SEAL_IV_BYTES + Buffer.byteLength(JSON.stringify(value)) + SEAL_TAG_BYTES,
    );
    expect(sealed).toBe(sealWithNodeCrypto(token, value, fixedIv()));
  });

  it('round-trips and uses a fresh IV each time', async () => {
    const first = await sealer.sealPayload(token, value);
    const second = await sealer.sealPayload(token, value);
    expect(first).not.toBe(second);
    expect(await sealer.openPayload(token, first)).toEqual(value);
    expect(await sealer.openPayload(token, second)).toEqual(value);
    expect(await sealer.openPayload(token, await sealer.sealJson(token, '[1,2]'))).toEqual([1, 2]);
  });

  it('answers {} for anything it cannot open', async () => {
    const sealed = await sealer.sealPayload(token, value);
    const tampered = Buffer.from(sealed, 'base64');
    tampered[20] = (tampered[20] ?? 0) ^ 1;
    const tamperedTag = Buffer.from(sealed, 'base64');
    tamperedTag[tamperedTag.length - 1] = (tamperedTag[tamperedTag.length - 1] ?? 0) ^ 1;
    expect(await sealer.openPayload('another-token', sealed)).toEqual({});
    expect(await sealer.openPayload(token, tampered.toString('base64'))).toEqual({});
    expect(await sealer.openPayload(token, tamperedTag.toString('base64'))).toEqual({});
    expect(await sealer.openPayload(token, sealed.slice(0, 20))).toEqual({});
    expect(await sealer.openPayload(token, 'not base64 at all!')).toEqual({});
    expect(await sealer.openPayload(token, '')).toEqual({});
    expect(await sealer.openPayload(token, 42)).toEqual({});
    expect(await sealer.openPayload(token, null)).toEqual({});
    expect(await sealer.openPayload('', sealed)).toEqual({});
  });

  it('refuses an empty token and a wrong-sized IV', async () => {
    await expect(sealer.sealPayload('', value)).rejects.toThrow(RangeError);
    await expect(
      sealer.sealPayload(token, value, { ivSource: () => new Uint8Array(8) }),
    ).rejects.toThrow(RangeError);
  });
});

describe('the fallback and WebCrypto read each other', () => {
  const large = {
    records: Array.from({ length: 2_000 }, (_, index) => ({ id: index, name: `比赛 ${index}` })),
  };

  it('opens with the fallback what WebCrypto sealed, and the other way round', async () => {
    for (const plain of [value, large, 'text', 0, null, []]) {
      const bySubtle = await webCryptoSealer.sealPayload(token, plain);
      expect(await fallbackSealer.openPayload(token, bySubtle)).toEqual(plain);
      const byFallback = await fallbackSealer.sealPayload(token, plain);
      expect(await webCryptoSealer.openPayload(token, byFallback)).toEqual(plain);
      // With one IV both give the same bytes.
      const iv = globalThis.crypto.getRandomValues(new Uint8Array(SEAL_IV_BYTES));
      expect(await fallbackSealer.sealPayload(token, plain, { ivSource: () => iv })).toBe(
        await webCryptoSealer.sealPayload(token, plain, { ivSource: () => iv }),
      );
    }
  });

  it('opens across tokens: many tokens, each key its own', async () => {
    for (let index = 0; index < 20; index++) {
      const each = `${token}-${index}`;
      const sealed = await webCryptoSealer.sealPayload(each, { index });
      expect(await fallbackSealer.openPayload(each, sealed)).toEqual({ index });
      expect(await fallbackSealer.openPayload(`${each}x`, sealed)).toEqual({});
    }
  });
});

describe('choosing the engine', () => {
  it('uses WebCrypto where the platform has subtle, without loading the fallback', async () => {
    let loaded = 0;
    const sealer = await sealerFor(globalThis.crypto, async () => {
      loaded += 1;
      return fallbackSealer;
    });
    expect(sealer.engine).toBe('WebCrypto');
    expect(loaded).toBe(0);
    expect((await currentSealer()).engine).toBe('WebCrypto');
  });

  it('loads the fallback where subtle is missing, as in a page that is not a secure context', async () => {
    // A browser on plain http keeps getRandomValues and leaves subtle undefined.
    const insecure = {
      subtle: undefined,
      getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto),
    };
    const sealer = await sealerFor(insecure);
    expect(sealer.engine).toBe('pure JavaScript');
    expect(await sealer.sealPayload(token, { hello: '世界', n: 1 }, { ivSource: fixedIv })).toBe(
      KNOWN_ANSWER,
    );
    expect((await sealerFor(undefined)).engine).toBe('pure JavaScript');
  });
});

const KNOWN_ANSWER = 'AQIDBAUGBwgJCgsM757z37AcLl/7/cwYzaTsKHfL7rl2p0+z7h0yLpvJFHGznmerFpKu3w==';
