import { describe, expect, it } from 'vitest';
import { multiplierUnit } from './originals';
import {
  type BaccaratBet,
  baccaratDeal,
  baccaratDealOf,
  baccaratPays,
  type DragonTigerBet,
  dragonTigerDeal,
  dragonTigerPays,
  type RouletteBet,
  roulettePays,
  roulettePocket,
  type SicBoBet,
  sicBoDice,
  sicBoPays,
} from './tables';

/**
 * Each table's return to player, exactly: every outcome of the draw enumerated with its chance
 * (the draws are uniform over pockets, cards and faces), so the published pay tables return what
 * docs/games.md says, to the last digit.
 */
const returnOf = (outcomes: readonly (readonly [number, number])[]) =>
  outcomes.reduce((sum, [chance, pays]) => sum + (chance * pays) / multiplierUnit, 0);

describe('the tables pay what their pay tables say', () => {
  it('roulette returns 36/37 on every bet', () => {
    const bets: RouletteBet[] = [
      { kind: 'straight', pocket: 0 },
      { kind: 'straight', pocket: 17 },
      { kind: 'red' },
      { kind: 'black' },
      { kind: 'odd' },
      { kind: 'even' },
      { kind: 'low' },
      { kind: 'high' },
      { kind: 'dozen', which: 2 },
      { kind: 'column', which: 3 },
    ];
    for (const bet of bets) {
      const outcomes = Array.from(
        { length: 37 },
        (_, pocket) => [1 / 37, roulettePays(bet, pocket)] as const,
      );
      expect(returnOf(outcomes), JSON.stringify(bet)).toBeCloseTo(36 / 37, 12);
    }
  });

  it('dragon tiger returns 12.5/13 on a side and 12/13 on the tie', () => {
    const deals = Array.from({ length: 52 * 52 }, (_, at) => ({
      dragon: Math.floor(at / 52),
      tiger: at % 52,
    }));
    const of = (bet: DragonTigerBet) =>
      returnOf(deals.map((deal) => [1 / deals.length, dragonTigerPays(bet, deal)] as const));
    expect(of('dragon')).toBeCloseTo(12.5 / 13, 12);
    expect(of('tiger')).toBeCloseTo(12.5 / 13, 12);
    expect(of('tie')).toBeCloseTo(12 / 13, 12);
  });

  it('baccarat, from an endless shoe, returns 98.936 % on the banker, 98.772 % on the player, 85.883 % on the tie', () => {
    // Ten card values, each with its chance: tens and faces are 16 of 52 cards.
    const values = Array.from({ length: 10 }, (_, value) => ({
      card: value === 0 ? 36 : (value - 1) * 4,
      chance: value === 0 ? 16 / 52 : 4 / 52,
    }));
    const totals: Record<BaccaratBet, number> = { player: 0, banker: 0, tie: 0 };
    const cards: number[] = [];
    const deal = (depth: number, chance: number) => {
      if (depth === 6) {
        const dealt = baccaratDealOf(cards);
        for (const bet of ['player', 'banker', 'tie'] as const)
          totals[bet] += (chance * baccaratPays(bet, dealt)) / multiplierUnit;
        return;
      }
      for (const value of values) {
        cards[depth] = value.card;
        deal(depth + 1, chance * value.chance);
      }
    };
    deal(0, 1);
    expect(totals.banker).toBeCloseTo(0.98936, 5);
    expect(totals.player).toBeCloseTo(0.98772, 5);
    expect(totals.tie).toBeCloseTo(0.85883, 5);
  });

  it('sic bo returns 97.22 % on small and big, and the published returns on totals and triples', () => {
    const throws: [number, number, number][] = [];
    for (let a = 1; a <= 6; a += 1)
      for (let b = 1; b <= 6; b += 1) for (let c = 1; c <= 6; c += 1) throws.push([a, b, c]);
    const of = (bet: SicBoBet) =>
      returnOf(throws.map((dice) => [1 / 216, sicBoPays(bet, dice)] as const));
    expect(of({ kind: 'small' })).toBeCloseTo(210 / 216, 12);
    expect(of({ kind: 'big' })).toBeCloseTo(210 / 216, 12);
    expect(of({ kind: 'any_triple' })).toBeCloseTo(186 / 216, 12);
    expect(of({ kind: 'triple', face: 4 })).toBeCloseTo(181 / 216, 12);
    expect(of({ kind: 'total', total: 4 })).toBeCloseTo((3 * 61) / 216, 12);
    expect(of({ kind: 'total', total: 10 })).toBeCloseTo((27 * 7) / 216, 12);
  });
});

describe('the published table vectors', () => {
  const seeds = (nonce: number) => ({
    serverSeed: 'a'.repeat(64),
    clientSeed: 'table-seed',
    nonce,
  });
  it('draws the same from the same seeds', () => {
    expect([0, 1, 2].map((nonce) => roulettePocket(seeds(nonce)))).toMatchInlineSnapshot(`
      [
        11,
        18,
        19,
      ]
    `);
    expect(dragonTigerDeal(seeds(0))).toMatchInlineSnapshot(`
      {
        "dragon": 15,
        "tiger": 7,
      }
    `);
    expect(baccaratDeal(seeds(0))).toMatchInlineSnapshot(`
      {
        "banker": [
          7,
          16,
        ],
        "bankerTotal": 7,
        "player": [
          15,
          29,
          3,
        ],
        "playerTotal": 3,
      }
    `);
    expect(sicBoDice(seeds(0))).toMatchInlineSnapshot(`
      [
        2,
        1,
        4,
      ]
    `);
  });
});
