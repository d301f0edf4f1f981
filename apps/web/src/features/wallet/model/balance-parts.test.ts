import { describe, expect, it } from 'vitest';
import { balancePartsOf } from './balance-parts';

describe('the parts of a balance beside its cash', () => {
  it('shows nothing when the member has no bonus, game or market money', () => {
    expect(balancePartsOf({ bonusAmount: 0, gameAmount: 0, marketAmount: 0 })).toEqual([]);
  });

  it('lists only the parts that are not zero, bonus first', () => {
    expect(balancePartsOf({ bonusAmount: 0, gameAmount: 2_500, marketAmount: 0 })).toEqual([
      { key: 'inGames', amountMinor: 2_500 },
    ]);
    expect(balancePartsOf({ bonusAmount: 500, gameAmount: 0, marketAmount: 10_000 })).toEqual([
      { key: 'bonus', amountMinor: 500 },
      { key: 'inMarkets', amountMinor: 10_000 },
    ]);
  });
});
