import { describe, expect, it } from 'vitest';
import {
  boundsInCurrencies,
  boundsMoney,
  type DeskGame,
  draftOfGame,
  gameSettingsChanges,
  percentOfBps,
} from './game-draft';

const dice: DeskGame = {
  gameId: 'house.dice',
  provider: 'house',
  providerName: 'House',
  product: 'originals',
  code: 'dice',
  name: 'Dice',
  walletMode: 'transfer',
  houseEdgeBps: 100,
  minStake: 100,
  maxStake: 1_000_000,
  maxPayout: 10_000_000,
  online: 0,
  enabled: true,
  providerEnabled: true,
};

describe('a game’s settings in the edit form', () => {
  it('shows the edge in percent and the amounts in major units at the bounds’ scale', () => {
    expect(draftOfGame(dice)).toEqual({
      houseEdge: '1.00',
      minStake: '1.00',
      maxStake: '10000.00',
      maxPayout: '100000.00',
    });
    expect(boundsMoney(dice.maxPayout)).toBe('100,000.00');
    expect(percentOfBps(250)).toBe('2.50');
    expect(percentOfBps(-75)).toBe('-0.75');
  });

  it('shows a bound as the same figure in every currency', () => {
    expect(boundsInCurrencies(1_000_000)).toEqual([
      '10,000.00 CNY',
      '10,000.00 USDT',
      '10,000.00 BTC',
    ]);
  });

  it('sends only what was changed, read on the digits', () => {
    const draft = { ...draftOfGame(dice), houseEdge: '2.5', maxPayout: '50000.29' };
    expect(gameSettingsChanges(dice, draft)).toEqual({
      changes: { houseEdgeBps: 250, maxPayout: 5_000_029 },
    });
    expect(gameSettingsChanges(dice, { ...draftOfGame(dice), houseEdge: '0' })).toEqual({
      changes: { houseEdgeBps: 0 },
    });
  });

  it('names the first field typed wrong, and says when nothing changed', () => {
    const draft = draftOfGame(dice);
    const problemOf = (change: Partial<typeof draft>) =>
      gameSettingsChanges(dice, { ...draft, ...change });
    expect(problemOf({})).toEqual({ problem: 'unchanged' });
    expect(problemOf({ houseEdge: '20.01' })).toEqual({ problem: 'houseEdgeInvalid' });
    expect(problemOf({ houseEdge: '1.005' })).toEqual({ problem: 'houseEdgeInvalid' });
    expect(problemOf({ houseEdge: '-1' })).toEqual({ problem: 'houseEdgeInvalid' });
    expect(problemOf({ houseEdge: '20' })).toEqual({ changes: { houseEdgeBps: 2_000 } });
    expect(problemOf({ minStake: '0' })).toEqual({ problem: 'minStakeInvalid' });
    expect(problemOf({ maxStake: '1.001' })).toEqual({ problem: 'maxStakeInvalid' });
    expect(problemOf({ maxPayout: '' })).toEqual({ problem: 'maxPayoutInvalid' });
    expect(problemOf({ minStake: '20000' })).toEqual({ problem: 'minAboveMax' });
  });
});
