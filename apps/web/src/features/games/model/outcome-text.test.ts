import type { GameOutcome } from '@sb/contract';
import { describe, expect, it } from 'vitest';
import { gameBalanceOf } from '../api/game-calls';
import { launchTargetOf } from '../components/games-page';
import { slotLabelOf } from '../components/plinko-board';
import { bpsText, moneyText } from './money-text';
import { outcomeTextOf, redrawnTextOf } from './outcome-text';

/** Echoes the key and its values, so the words chosen are what is checked. */
const t = (key: string, values?: Record<string, unknown>) =>
  values
    ? `${key}(${Object.entries(values)
        .map(([name, value]) => `${name}=${value}`)
        .join(',')})`
    : key;

describe('outcome lines', () => {
  it('names dice, limbo, plinko and mines bets with what they drew', () => {
    const dice: GameOutcome = { game: 'dice', target: 5000, direction: 'over', roll: 7706 };
    expect(outcomeTextOf(dice, t)).toBe(
      'games.outcome.dice(direction=games.outcome.over,target=50.00,roll=77.06)',
    );
    expect(outcomeTextOf({ game: 'limbo', target: 200, result: null }, t)).toBe(
      'games.outcome.limbo(target=2.00×,result=games.outcome.pending)',
    );
    expect(outcomeTextOf({ game: 'plinko', rows: 16, risk: 'high', path: [], slot: 3 }, t)).toBe(
      'games.outcome.plinko(rows=16,risk=games.plinko.risks.high,slot=3)',
    );
    const mines: GameOutcome = {
      game: 'mines',
      mines: 5,
      revealed: [0, 1],
      hit: null,
      layout: null,
      nextMultiplier: 0,
    };
    expect(outcomeTextOf(mines, t)).toBe('games.outcome.mines(mines=5,count=2)');
  });

  it('counts mines tiles from 1 as the board shows them', () => {
    expect(redrawnTextOf({ game: 'mines', layout: [3, 6, 8, 14, 16] }, t)).toBe(
      'games.outcome.layout(tiles=4, 7, 9, 15, 17)',
    );
  });
});

describe('money and balances', () => {
  it('shows minor units in the currency and basis points as a percentage', () => {
    expect(moneyText(123_450, 2, 'CNY')).toBe('1,234.50 CNY');
    expect(moneyText(5, 0, '')).toBe('5.00');
    expect(bpsText(100)).toBe('1%');
    expect(bpsText(150)).toBe('1.5%');
  });

  it('finds the provider balance of the currency, 0 when none is listed', () => {
    const balances = [
      {
        provider: 'house',
        providerName: 'House',
        currencyId: 1,
        currencyCode: 'CNY',
        scale: 2,
        amount: 900,
      },
      {
        provider: 'house',
        providerName: 'House',
        currencyId: 2,
        currencyCode: 'USD',
        scale: 2,
        amount: 7,
      },
    ];
    expect(gameBalanceOf(balances, 'house', 1)).toBe(900);
    expect(gameBalanceOf(balances, 'house', 3)).toBe(0);
    expect(gameBalanceOf(undefined, 'house', 1)).toBe(0);
  });
});

describe('plinko slot labels', () => {
  it('reads a multiplier in as few digits as keep it exact enough to fit a slot', () => {
    expect(slotLabelOf(10_000_000)).toBe('1000');
    expect(slotLabelOf(260_123)).toBe('26');
    expect(slotLabelOf(14_010)).toBe('1.4');
    expect(slotLabelOf(2_000)).toBe('0.2');
  });
});

describe('launch addresses', () => {
  it('routes a page of this site in the layout the member is in, and leaves others whole', () => {
    expect(launchTargetOf('/#/games/play/house.dice', false)).toEqual({
      route: '/games/play/house.dice',
    });
    expect(launchTargetOf('/#/games/play/house.dice', true)).toEqual({
      route: '/mini/games/play/house.dice',
    });
    expect(launchTargetOf('https://provider.example/launch?t=1', false)).toEqual({
      href: 'https://provider.example/launch?t=1',
    });
  });
});
