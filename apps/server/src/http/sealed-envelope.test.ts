import { openPayload } from '@sb/domain';
import { describe, expect, it } from 'vitest';
import { sealedEnvelope } from './sealed-envelope';

const token = 'a'.repeat(64);
const slice = 3 * 16 * 1024;

function jsonOfLength(length: number): string {
  // A JSON string literal of exactly `length` characters, quotes included.
  return length < 2 ? '0'.repeat(Math.max(length, 1)) : `"${'x'.repeat(length - 2)}"`;
}

async function openEnvelope(envelope: Buffer, key = token): Promise<unknown> {
  const answer = JSON.parse(envelope.toString('utf8')) as {
    code: number;
    msg: string;
    data: string;
  };
  expect(answer.code).toBe(0);
  expect(answer.msg).toBe('success');
  return openPayload(key, answer.data);
}

describe('sealedEnvelope', () => {
  it.each([1, 2, 3, 4, slice - 1, slice, slice + 1, 3 * slice + 2, 5 * slice])(
    'opens with the domain reader for %i bytes of text, slices and tag included',
    async (length) => {
      const json = jsonOfLength(length);
      const envelope = sealedEnvelope(token, Buffer.from(json));
      expect(await openEnvelope(envelope)).toEqual(JSON.parse(json));
    },
  );

  it('seals a value with multi-byte characters', async () => {
    const value = { name: '曼城 — Manchester City', odds: [1.95, 2.05] };
    const envelope = sealedEnvelope(token, Buffer.from(JSON.stringify(value)));
    expect(await openEnvelope(envelope)).toEqual(value);
  });

  it('uses a fresh IV each time and cannot be opened with another token', async () => {
    const plain = Buffer.from('{"a":1}');
    const first = sealedEnvelope(token, plain);
    const second = sealedEnvelope(token, plain);
    expect(first.equals(second)).toBe(false);
    expect(await openEnvelope(first, 'b'.repeat(64))).toEqual({});
  });

  it('refuses to seal without a token', () => {
    expect(() => sealedEnvelope('', Buffer.from('{}'))).toThrow(RangeError);
  });
});
