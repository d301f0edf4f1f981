import { afterEach, describe, expect, it, vi } from 'vitest';
import { newIdempotencyKey } from './idempotency-key';

const uuidV4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('idempotency keys', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('are version-4 UUIDs, new each time', () => {
    const keys = new Set(Array.from({ length: 1_000 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(1_000);
    for (const key of keys) expect(key).toMatch(uuidV4);
  });

  it('place the random bytes in order and set only the version and variant bits', () => {
    expect(newIdempotencyKey((bytes) => bytes.fill(0xff))).toBe(
      'ffffffff-ffff-4fff-bfff-ffffffffffff',
    );
    expect(newIdempotencyKey((bytes) => bytes.fill(0))).toBe(
      '00000000-0000-4000-8000-000000000000',
    );
    expect(
      newIdempotencyKey((bytes) => {
        bytes.forEach((_, index) => {
          bytes[index] = index;
        });
        return bytes;
      }),
    ).toBe('00010203-0405-4607-8809-0a0b0c0d0e0f');
  });

  it('need only getRandomValues, as on a plain-http page where randomUUID and subtle are missing', () => {
    const platform = globalThis.crypto;
    const getRandomValues = vi.fn((array: Uint8Array<ArrayBuffer>) =>
      platform.getRandomValues(array),
    );
    vi.stubGlobal('crypto', { getRandomValues });
    expect(newIdempotencyKey()).toMatch(uuidV4);
    expect(getRandomValues).toHaveBeenCalledTimes(1);
  });
});
