import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  diceMultiplier,
  diceOutcomeOfUnit,
  fairUnits,
  limboOutcomeOfUnit,
  minesLayoutOfUnits,
  minesMultiplier,
  multiplierUnit,
  plinkoOutcomeOfUnits,
  plinkoPayTable,
  plinkoSlotChances,
} from './index';

/**
 * Each game's return to player over a million rounds of one seed pair (nonces 0 to 999 999),
 * drawn by the games' own code from the units of `fairUnits`' construction computed with the
 * platform's native HMAC (the same bytes, checked below, a hundred times faster than the
 * portable hashes the browser's verifier needs):
 * the mean multiplier must lie within four standard errors of 1 − edge, where the standard error
 * is the exact spread of one round's payout over √rounds. Four standard errors hold with
 * probability 99.994 % for a fair game, and a seed pair is fixed, so the test is deterministic:
 * a game that kept half a percent more than its edge is refused.
 */
const rounds = 1_000_000;
const edgeBps = 100;
const expected = (multiplierUnit - edgeBps) / multiplierUnit;
const pair = {
  serverSeed: '3f1c8b0e7d6a5c4b3a29180716f5e4d3c2b1a09f8e7d6c5b4a3928170f6e5d4c',
  clientSeed: 'return-to-player',
};

/** `fairUnits` of the pair at `nonce`, with node's HMAC-SHA256. */
function unitsAt(nonce: number, count: number): number[] {
  const units: number[] = [];
  for (let round = 0; units.length < count; round += 1) {
    const digest = createHmac('sha256', pair.serverSeed)
      .update(`${pair.clientSeed}:${nonce}:${round}`)
      .digest();
    for (let at = 0; at + 4 <= digest.length && units.length < count; at += 4)
      units.push(digest.readUInt32BE(at));
  }
  return units;
}

/** The mean multiplier of `rounds` rounds. */
function meanOf(draw: (nonce: number) => number) {
  let sum = 0;
  for (let nonce = 0; nonce < rounds; nonce += 1) sum += draw(nonce);
  return sum / rounds / multiplierUnit;
}

/** Four standard errors of the mean, from the payout distribution (chance, multiplier) pairs. */
function boundOf(distribution: readonly (readonly [number, number])[]) {
  const mean = distribution.reduce((sum, [chance, value]) => sum + chance * value, 0);
  const variance = distribution.reduce(
    (sum, [chance, value]) => sum + chance * (value - mean) ** 2,
    0,
  );
  return (4 * Math.sqrt(variance)) / Math.sqrt(rounds);
}

// A million rounds a game take seconds each on a loaded machine.
describe('return to player over a million rounds', { timeout: 180_000 }, () => {
  it("draws the units the games' own construction draws", () => {
    for (let nonce = 0; nonce < 200; nonce += 1) {
      expect(unitsAt(nonce, 24)).toEqual(fairUnits({ ...pair, nonce }, 24));
      expect(minesLayoutOfUnits(unitsAt(nonce, 8), 3)).toEqual(
        minesLayoutOfUnits(unitsAt(nonce, 24), 3),
      );
    }
  });

  it('dice, under 50.00, returns 1 − edge', () => {
    const bet = { target: 5_000, direction: 'under' as const };
    const pays = diceMultiplier(bet, edgeBps) / multiplierUnit;
    const mean = meanOf(
      (nonce) => diceOutcomeOfUnit(unitsAt(nonce, 1)[0] as number, bet, edgeBps).multiplier,
    );
    expect(Math.abs(mean - expected)).toBeLessThan(
      boundOf([
        [0.5, pays],
        [0.5, 0],
      ]),
    );
  });

  it('limbo, target 2.00×, returns 1 − edge', () => {
    const chance = expected / 2;
    const mean = meanOf(
      (nonce) => limboOutcomeOfUnit(unitsAt(nonce, 1)[0] as number, 200, edgeBps).multiplier,
    );
    expect(Math.abs(mean - expected)).toBeLessThan(
      boundOf([
        [chance, 2],
        [1 - chance, 0],
      ]),
    );
  });

  it('plinko, 12 rows, medium risk, returns 1 − edge', () => {
    const table = plinkoPayTable(12, 'medium', edgeBps);
    const chances = plinkoSlotChances(12);
    const mean = meanOf(
      (nonce) => plinkoOutcomeOfUnits(unitsAt(nonce, 12), 12, 'medium', edgeBps).multiplier,
    );
    expect(Math.abs(mean - expected)).toBeLessThan(
      boundOf(table.map((value, slot) => [chances[slot] ?? 0, value / multiplierUnit])),
    );
  });

  it('mines, 3 mines, cashing out after tiles 0, 1 and 2, returns 1 − edge', () => {
    const pays = minesMultiplier(3, 3, edgeBps);
    // The chance that three given tiles are all safe: C(22, 3) ÷ C(25, 3).
    const chance = (22 * 21 * 20) / (25 * 24 * 23);
    const mean = meanOf((nonce) => {
      // Swaps past the third never move the first three tiles, so one digest's eight units
      // settle where three mines lie (checked against the whole shuffle above).
      const layout = minesLayoutOfUnits(unitsAt(nonce, 8), 3);
      return [0, 1, 2].some((tile) => layout.includes(tile)) ? 0 : pays;
    });
    expect(Math.abs(mean - expected)).toBeLessThan(
      boundOf([
        [chance, pays / multiplierUnit],
        [1 - chance, 0],
      ]),
    );
  });
});
