import { openPayload, sealBytes, sealPayload } from '@sb/domain';
import { describe, expect, it } from 'vitest';
import { openSealed, sealedEnvelope } from './sealed-envelope';

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

describe('openSealed', () => {
  const bet = { betType: 0, stake: 1_000, selections: [{ optId: 'x', odds: 1.95 }], note: '曼城' };

  it('opens what the browser seals, as the domain reader does', async () => {
    const sealed = await sealPayload(token, bet);
    expect(openSealed(token, sealed)).toEqual(bet);
    expect(openSealed(token, sealed)).toEqual(await openPayload(token, sealed));
  });

  it('answers {} for another token, a changed byte, a cut payload or a non-string', async () => {
    const sealed = await sealPayload(token, bet);
    expect(openSealed('b'.repeat(64), sealed)).toEqual({});
    const flipped = `${sealed.slice(0, 30)}${sealed[30] === 'A' ? 'B' : 'A'}${sealed.slice(31)}`;
    expect(openSealed(token, flipped)).toEqual({});
    expect(openSealed(token, sealed.slice(0, 20))).toEqual({});
    expect(openSealed(token, 42)).toEqual({});
    expect(openSealed('', sealed)).toEqual({});
  });

  it('refuses what the domain reader refuses: loose base64 and text that is not UTF-8 JSON', async () => {
    const sealed = await sealPayload(token, bet);
    // Node's own base64 decoding would skip the spaces and open it.
    const spaced = `${sealed.slice(0, 8)} ${sealed.slice(8)}`;
    expect(await openPayload(token, spaced)).toEqual({});
    expect(openSealed(token, spaced)).toEqual({});
    for (const bytes of [Uint8Array.of(0xff, 0xfe, 0x7b), new TextEncoder().encode('{not json')]) {
      const bad = await sealBytes(token, bytes);
      expect(await openPayload(token, bad)).toEqual({});
      expect(openSealed(token, bad)).toEqual({});
    }
    expect(openSealed(token, Buffer.alloc(27).toString('base64'))).toEqual({});
  });
});
