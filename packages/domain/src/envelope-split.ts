import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * The split of a red-envelope campaign (docs/promotions.md, The split): `count` amounts between
 * `minAmount` and `maxAmount` summing to `total` exactly, drawn from a seed, so that anyone given
 * the seed once the campaign closes can draw them again and check them against the commitment
 * shown while it ran. The server and the member site run this same code.
 *
 * The draw is the double-mean split: each envelope in turn takes a uniform amount between what
 * the rest can still hold and twice the mean of what is left, the last takes the rest, and the
 * order is then shuffled so an envelope's place says nothing of its size. Each envelope is at
 * most twice the mean of what was left when it was drawn, so the largest stays within a small
 * multiple of the campaign's mean (under 3× for 200 envelopes), a spread members take as fair.
 * The cut-point split (cutting the total at `count − 1` uniform points) gives the wider spread
 * of many small envelopes and a few large ones (the largest of 200 near 5× the mean), which the
 * bounds an operator sets would clip more often.
 */

export interface EnvelopeSplitTerms {
  /** 64 hex digits: 32 random bytes. */
  seed: string;
  total: number;
  count: number;
  minAmount: number;
  maxAmount: number;
}

export const envelopeSeedPattern = /^[0-9a-f]{64}$/;

/** Why terms cannot be split; undefined when they can. */
export function envelopeTermsProblem(terms: Omit<EnvelopeSplitTerms, 'seed'>): string | undefined {
  const { total, count, minAmount, maxAmount } = terms;
  for (const [name, value] of Object.entries({ total, count, minAmount, maxAmount })) {
    if (!Number.isSafeInteger(value) || value < 1) return `${name} must be a positive integer`;
  }
  if (maxAmount < minAmount) return 'maxAmount must be at least minAmount';
  if (minAmount * count > total) return 'total must be at least count × minAmount';
  if (maxAmount * count < total) return 'total must be at most count × maxAmount';
  return undefined;
}

/**
 * A stream of uniform integers from the seed: block `i` is SHA-256(seed ‖ i as 8 bytes, big
 * endian); each draw takes 6 bytes (48 bits), refused and drawn again when it falls in the last
 * partial range, so every integer of the range is equally likely.
 */
function seededDraws(seedHex: string) {
  const seed = hexToBytes(seedHex);
  const input = new Uint8Array(seed.length + 8);
  input.set(seed);
  const view = new DataView(input.buffer);
  let block = 0;
  let bytes = new Uint8Array(0);
  let offset = 0;
  const next48 = (): number => {
    if (offset + 6 > bytes.length) {
      view.setBigUint64(seed.length, BigInt(block));
      block += 1;
      bytes = sha256(input);
      offset = 0;
    }
    let value = 0;
    for (let index = 0; index < 6; index += 1) value = value * 256 + (bytes[offset + index] ?? 0);
    offset += 6;
    return value;
  };
  const span = 2 ** 48;
  return {
    /** A uniform integer in [low, high]. */
    between(low: number, high: number): number {
      const range = high - low + 1;
      if (range <= 1) return low;
      const limit = span - (span % range);
      for (;;) {
        const value = next48();
        if (value < limit) return low + (value % range);
      }
    },
  };
}

/** The amounts in draw order: what the commitment covers and the campaign's envelopes are. */
export function splitEnvelopes(terms: EnvelopeSplitTerms): number[] {
  const problem = envelopeTermsProblem(terms);
  if (problem) throw new RangeError(problem);
  if (!envelopeSeedPattern.test(terms.seed)) throw new RangeError('seed must be 64 hex digits');
  const { count, minAmount, maxAmount } = terms;
  const draws = seededDraws(terms.seed);
  // Above the minimum: what is left to share, and the most one envelope may take of it.
  const room = maxAmount - minAmount;
  let left = terms.total - minAmount * count;
  const amounts: number[] = [];
  for (let index = 0; index < count - 1; index += 1) {
    const after = count - index - 1;
    const low = Math.max(0, left - room * after);
    const twiceMean = Math.floor((2 * left) / (after + 1));
    const high = Math.max(low, Math.min(room, left, twiceMean));
    const extra = draws.between(low, high);
    amounts.push(minAmount + extra);
    left -= extra;
  }
  amounts.push(minAmount + left);
  // Fisher–Yates from the same stream: an envelope's place says nothing of its size.
  for (let index = amounts.length - 1; index > 0; index -= 1) {
    const other = draws.between(0, index);
    const kept = amounts[index] as number;
    amounts[index] = amounts[other] as number;
    amounts[other] = kept;
  }
  return amounts;
}

/**
 * The commitment shown while a campaign runs: SHA-256, hex, of the text
 * `sb-envelopes-v1\n<seed>\n<amounts joined by commas>`.
 */
export function envelopeCommitment(seed: string, amounts: readonly number[]): string {
  return bytesToHex(sha256(utf8ToBytes(`sb-envelopes-v1\n${seed}\n${amounts.join(',')}`)));
}

/**
 * Whether a closed campaign's published seed and amounts are what it committed to and what its
 * terms draw: the check a member's browser makes.
 */
export function envelopeDrawHolds(
  terms: EnvelopeSplitTerms,
  amounts: readonly number[],
  commitment: string,
): boolean {
  if (envelopeCommitment(terms.seed, amounts) !== commitment) return false;
  let drawn: number[];
  try {
    drawn = splitEnvelopes(terms);
  } catch {
    return false;
  }
  return (
    drawn.length === amounts.length && drawn.every((amount, index) => amount === amounts[index])
  );
}
