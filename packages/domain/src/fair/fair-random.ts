import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * The provably fair draw of the house's games (docs/games.md, Provably fair). Every outcome is
 * read from HMAC-SHA256 keyed by the server seed over `clientSeed:nonce:round`: the server shows
 * the seed's SHA-256 before the first bet, reveals the seed when the player rotates it, and
 * anyone can then draw every round again. The server and the member site's verifier run this
 * same code, written on audited pure-JavaScript hashes so it runs where Web Crypto does not
 * (a page served over plain http).
 */

/** A server seed: 64 lower-case hex digits (32 random bytes), used as text for the key. */
export const serverSeedPattern = /^[0-9a-f]{64}$/;

/** What one draw is read from: the seeds and the bet's number under them. */
export interface FairSeeds {
  serverSeed: string;
  clientSeed: string;
  /** The bet's number under this pair of seeds: 0 for the first, then one more per bet. */
  nonce: number;
}

/** 2³²: one unit of a draw is a whole number below it. */
export const unitRange = 4_294_967_296;

/** SHA-256 of the server seed's text, in hex: what the player sees before they bet. */
export function serverSeedHash(serverSeed: string): string {
  return bytesToHex(sha256(utf8ToBytes(serverSeed)));
}

/** HMAC-SHA256(serverSeed, `clientSeed:nonce:round`): 32 bytes, the `round`th of a draw. */
export function fairDigest(seeds: FairSeeds, round: number): Uint8Array {
  return hmac(
    sha256,
    utf8ToBytes(seeds.serverSeed),
    utf8ToBytes(`${seeds.clientSeed}:${seeds.nonce}:${round}`),
  );
}

/**
 * `count` units of the draw, each a whole number in [0, 2³²): four bytes of a digest, big-endian,
 * eight per digest, the next digest (round + 1) when one is used up.
 */
export function fairUnits(seeds: FairSeeds, count: number): number[] {
  const units: number[] = [];
  for (let round = 0; units.length < count; round += 1) {
    const digest = fairDigest(seeds, round);
    const bytes = new DataView(digest.buffer, digest.byteOffset, digest.byteLength);
    for (let at = 0; at + 4 <= digest.length && units.length < count; at += 4) {
      units.push(bytes.getUint32(at));
    }
  }
  return units;
}

/** The first unit of a draw, for the games that need one. */
export function firstFairUnit(seeds: FairSeeds): number {
  const digest = fairDigest(seeds, 0);
  return new DataView(digest.buffer, digest.byteOffset, digest.byteLength).getUint32(0);
}
