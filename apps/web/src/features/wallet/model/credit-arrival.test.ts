import type { BalanceEntry } from '@sb/contract';
import { describe, expect, it } from 'vitest';
import { buildBalanceMap } from '../../../lib/balance/balance-map';
import { creditArrivalOf } from './credit-arrival';

const cny = { currencyId: 1, currencyCode: 'CNY', assetID: 'CNY', scale: 2 };
const usdt = { currencyId: 10, currencyCode: 'USDT', assetID: 'USDT', scale: 6 };

function balances(...entries: [typeof cny, number][]) {
  return buildBalanceMap(
    entries.map(
      ([currency, amount]): BalanceEntry => ({
        ...currency,
        amount,
        frozen: 0,
        status: 1,
        creditAmount: 0,
        loanAmount: 0,
        showAmount: '',
        bonusAmount: 0,
        gameAmount: 0,
        marketAmount: 0,
      }),
    ),
  );
}

describe('money arriving in another currency', () => {
  it('names the currency that rose and by how much', () => {
    const before = balances([cny, 1_000], [usdt, 0]);
    const after = balances([cny, 1_000], [usdt, 50_000_000]);
    expect(creditArrivalOf(before, after, 'CNY')).toEqual({
      currencyId: 10,
      assetID: 'USDT',
      currencyCode: 'USDT',
      amountMinor: 50_000_000,
      scale: 6,
    });
  });

  it('counts a currency newly listed as arrived in full', () => {
    expect(
      creditArrivalOf(balances([cny, 1_000]), balances([cny, 1_000], [usdt, 7]), 'CNY'),
    ).toMatchObject({ currencyCode: 'USDT', amountMinor: 7 });
  });

  it('offers nothing for the play currency, a fall, or no change', () => {
    const before = balances([cny, 1_000], [usdt, 5]);
    expect(creditArrivalOf(before, balances([cny, 9_000], [usdt, 5]), 'CNY')).toBeNull();
    expect(creditArrivalOf(before, balances([cny, 1_000], [usdt, 1]), 'CNY')).toBeNull();
    expect(creditArrivalOf(before, before, 'CNY')).toBeNull();
  });
});
