import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fairDigest, fairUnits, serverSeedHash } from './fair-random';
import { diceOutcome, limboOutcome, minesLayout, plinkoOutcome } from './originals';

/**
 * The published test vectors (docs/games.md, Test vectors): a verifier written anywhere else
 * draws the same from the same seeds.
 */
const seeds = { serverSeed: 'a'.repeat(64), clientSeed: 'player-seed', nonce: 0 };

describe('the fair draw', () => {
  it('is HMAC-SHA256 keyed by the server seed over clientSeed:nonce:round, as Node computes it', () => {
    for (const [nonce, round] of [
      [0, 0],
      [7, 1],
      [123_456, 3],
    ] as const) {
      const expected = createHmac('sha256', seeds.serverSeed)
        .update(`${seeds.clientSeed}:${nonce}:${round}`)
        .digest('hex');
      expect(Buffer.from(fairDigest({ ...seeds, nonce }, round)).toString('hex')).toBe(expected);
    }
    expect(serverSeedHash(seeds.serverSeed)).toBe(
      createHash('sha256').update(seeds.serverSeed).digest('hex'),
    );
  });

  it('reads units four bytes at a time, big-endian, into the next round past eight', () => {
    const units = fairUnits(seeds, 10);
    const first = createHmac('sha256', seeds.serverSeed).update('player-seed:0:0').digest();
    const second = createHmac('sha256', seeds.serverSeed).update('player-seed:0:1').digest();
    expect(units.slice(0, 8)).toEqual(
      Array.from({ length: 8 }, (_, at) => first.readUInt32BE(at * 4)),
    );
    expect(units.slice(8)).toEqual([second.readUInt32BE(0), second.readUInt32BE(4)]);
  });

  it('gives the published outcomes', () => {
    expect(serverSeedHash(seeds.serverSeed)).toBe(
      'ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb',
    );
    const at = (nonce: number) => ({ ...seeds, nonce });
    expect(diceOutcome(at(0), { target: 5000, direction: 'under' }, 100)).toEqual({
      roll: 1514,
      won: true,
      multiplier: 19_800,
    });
    expect(diceOutcome(at(2), { target: 5000, direction: 'under' }, 100)).toEqual({
      roll: 7706,
      won: false,
      multiplier: 0,
    });
    expect(limboOutcome(at(2), 200, 100)).toEqual({ result: 431, won: true, multiplier: 20_000 });
    expect(limboOutcome(at(0), 200, 100)).toEqual({ result: 116, won: false, multiplier: 0 });
    expect(plinkoOutcome(at(0), 16, 'high', 100)).toEqual({
      path: [0, 1, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0],
      slot: 3,
      multiplier: 90_021,
    });
    expect(minesLayout(at(0), 5)).toEqual([3, 6, 8, 14, 16]);
    expect(minesLayout(at(1), 5)).toEqual([2, 3, 16, 18, 22]);
  });
});
