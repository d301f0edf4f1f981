import type { BalanceEntry } from '@sb/contract';
import { describe, expect, it } from 'vitest';
import {
  buildBalanceMap,
  currentBalance,
  displayAvailable,
  isKeptEntry,
  stakeableMinor,
} from './balance-map';

function entry(overrides: Partial<BalanceEntry>): BalanceEntry {
  return {
    currencyId: 1,
    currencyCode: 'CNY',
    assetID: 'CNY',
    scale: 2,
    amount: 0,
    frozen: 0,
    status: 1,
    creditAmount: 0,
    loanAmount: 0,
    showAmount: '0.00',
    bonusAmount: 0,
    gameAmount: 0,
    marketAmount: 0,
    ...overrides,
  };
}

describe('balance map by assetID (SPEC §3)', () => {
  it('keys the kept entries by assetID, in the order the server listed them', () => {
    const map = buildBalanceMap([
      entry({ currencyId: 10, currencyCode: 'USDT', assetID: 'USDT', scale: 6 }),
      entry({}),
    ]);
    expect([...map.keys()]).toEqual(['USDT', 'CNY']);
    expect(map.get('USDT')?.currencyCode).toBe('USDT');
  });

  it('skips an entry with no status unless its currencyId is -1', () => {
    expect(isKeptEntry({ status: 1, currencyId: 1 })).toBe(true);
    expect(isKeptEntry({ status: 0, currencyId: 1 })).toBe(false);
    expect(isKeptEntry({ status: 0, currencyId: -1 })).toBe(true);

    const map = buildBalanceMap([
      entry({ assetID: 'CNY', status: 1 }),
      entry({ currencyId: 2, assetID: 'USD', status: 0 }),
      entry({ currencyId: -1, assetID: 'ALL', status: 0 }),
    ]);
    expect([...map.keys()]).toEqual(['CNY', 'ALL']);
  });

  it('makes available the amount minus the frozen part', () => {
    const map = buildBalanceMap([
      entry({
        currencyCode: 'USDT',
        assetID: 'USDT',
        scale: 6,
        amount: 12_500_000,
        frozen: 2_500_000,
      }),
    ]);
    const usdt = map.get('USDT');
    expect(usdt?.available).toBe(10_000_000);
    expect(usdt && displayAvailable(usdt)).toBe('10.00');
  });

  it('picks the session currency, else the first entry listed', () => {
    const map = buildBalanceMap([
      entry({ currencyCode: 'CNY', assetID: 'CNY', amount: 100 }),
      entry({ currencyId: 2, currencyCode: 'USD', assetID: 'USD', amount: 250 }),
    ]);
    expect(currentBalance(map, 'USD')?.currencyCode).toBe('USD');
    expect(currentBalance(map, 'BTC')?.currencyCode).toBe('CNY');
    expect(currentBalance(buildBalanceMap([]), 'CNY')).toBeUndefined();
  });

  it('shows amounts with 2 decimals and thousands separators (SPEC §9)', () => {
    const [demo] = buildBalanceMap([
      entry({ currencyId: 99, currencyCode: 'DEMO', assetID: 'DEMO', amount: 1_000_000 }),
    ]).values();
    expect(demo && displayAvailable(demo)).toBe('10,000.00');
    const [fresh] = buildBalanceMap([entry({})]).values();
    expect(fresh && displayAvailable(fresh)).toBe('0.00');
  });
});

describe('what a stake may spend', () => {
  it('is the available cash and the bonus money, never the frozen part', () => {
    const [balance] = buildBalanceMap([
      entry({ amount: 10_000, frozen: 2_500, bonusAmount: 5_000 }),
    ]).values();
    expect(balance && stakeableMinor(balance)).toBe(12_500);
    const [bonusOnly] = buildBalanceMap([entry({ bonusAmount: 5_000 })]).values();
    expect(bonusOnly && stakeableMinor(bonusOnly)).toBe(5_000);
  });
});
