import type { GameOutcome, GameRound } from '@sb/contract';
import { minesMultiplier, serverSeedHash } from '@sb/domain';
import { describe, expect, it } from 'vitest';
import { checkRound } from './round-check';
import { minorOfText, multiplierText, textOfMinor } from './stake-text';

/** The published vectors' seeds (docs/games.md, Test vectors). */
const serverSeed = 'a'.repeat(64);

function roundOf(outcome: GameOutcome, multiplier: number, nonce = 0): GameRound {
  return {
    roundNo: 'G1',
    gameId: `house.${outcome.game}`,
    gameName: outcome.game,
    provider: 'house',
    product: 'originals',
    currencyId: 1,
    currencyCode: 'CNY',
    scale: 2,
    stake: 1000,
    payout: (1000 * multiplier) / 10_000,
    multiplier,
    houseEdgeBps: 100,
    status: multiplier > 0 ? 'won' : 'lost',
    outcome,
    fairness: {
      serverSeedHash: serverSeedHash(serverSeed),
      serverSeed,
      clientSeed: 'player-seed',
      nonce,
    },
    createTime: 0,
    settleTime: 0,
  };
}

const dice: GameOutcome = { game: 'dice', target: 5000, direction: 'under', roll: 1514 };

describe('checking a round in the browser', () => {
  it('matches a dice round the draw gives, and not one whose roll or pay differs', () => {
    expect(checkRound(roundOf(dice, 19_800))).toMatchObject({
      hashMatches: true,
      outcomeMatches: true,
    });
    expect(checkRound(roundOf({ ...dice, roll: 1515 }, 19_800))?.outcomeMatches).toBe(false);
    expect(checkRound(roundOf(dice, 19_900))?.outcomeMatches).toBe(false);
  });

  it('says the hash does not match a seed other than the one shown', () => {
    const round = roundOf(dice, 19_800);
    const shown = {
      ...round,
      fairness: { ...round.fairness, serverSeedHash: serverSeedHash('b'.repeat(64)) },
    };
    expect(checkRound(shown)?.hashMatches).toBe(false);
  });

  it('checks limbo and plinko at the round’s edge', () => {
    expect(
      checkRound(roundOf({ game: 'limbo', target: 200, result: 431 }, 20_000, 2))?.outcomeMatches,
    ).toBe(true);
    expect(
      checkRound(roundOf({ game: 'limbo', target: 200, result: 116 }, 0))?.outcomeMatches,
    ).toBe(true);
    const path = [0, 1, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0];
    const plinko: GameOutcome = { game: 'plinko', rows: 16, risk: 'high', path, slot: 3 };
    expect(checkRound(roundOf(plinko, 90_021))?.outcomeMatches).toBe(true);
    expect(checkRound({ ...roundOf(plinko, 90_021), houseEdgeBps: 200 })?.outcomeMatches).toBe(
      false,
    );
  });

  it('checks mines: safe tiles off the layout, the hit on it, the cash out at its multiplier', () => {
    const layout = [3, 6, 8, 14, 16];
    const cashed: GameOutcome = {
      game: 'mines',
      mines: 5,
      revealed: [0, 1],
      hit: null,
      layout,
      nextMultiplier: 0,
    };
    expect(checkRound(roundOf(cashed, minesMultiplier(5, 2, 100)))?.outcomeMatches).toBe(true);
    const hit: GameOutcome = { ...cashed, revealed: [0], hit: 3 };
    expect(checkRound(roundOf(hit, 0))?.outcomeMatches).toBe(true);
    expect(checkRound(roundOf({ ...hit, hit: 4 }, 0))?.outcomeMatches).toBe(false);
  });

  it('waits for the seed to be revealed', () => {
    const round = roundOf(dice, 19_800);
    expect(checkRound({ ...round, fairness: { ...round.fairness, serverSeed: null } })).toBeNull();
  });
});

describe('stake texts', () => {
  it('reads major units into minor units of the scale, refusing extra decimals', () => {
    expect(minorOfText('12.5', 2)).toBe(1250);
    expect(minorOfText('0', 2)).toBe(0);
    expect(minorOfText('1.234', 2)).toBeNull();
    expect(minorOfText('abc', 2)).toBeNull();
    expect(textOfMinor(1250, 2)).toBe('12.5');
    expect(textOfMinor(5, 0)).toBe('5');
    expect(multiplierText(19_800)).toBe('1.98×');
  });
});
