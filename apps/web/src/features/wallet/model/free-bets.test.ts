import type { FreeBet } from '@sb/contract';
import { describe, expect, it } from 'vitest';
import { freeBetHistoryMax, freeBetShelfOf, hasFreeBets } from './free-bets';

function freeBet(overrides: Partial<FreeBet> = {}): FreeBet {
  return {
    id: 1,
    campaignId: 3,
    title: 'Welcome free bet',
    currencyId: 1,
    currencyCode: 'CNY',
    scale: 2,
    amount: 1_000,
    minOdds: 0,
    status: 'available',
    grantedAt: 1_000,
    expiresAt: 90_000,
    usedAt: null,
    orderNo: null,
    ...overrides,
  };
}

describe('the free bets the wallet lists', () => {
  it('puts the available ones soonest to expire first', () => {
    const shelf = freeBetShelfOf(
      [freeBet({ id: 1, expiresAt: 80_000 }), freeBet({ id: 2, expiresAt: 50_000 })],
      10_000,
    );
    expect(shelf.available.map((held) => held.id)).toEqual([2, 1]);
    expect(shelf.history).toEqual([]);
  });

  it('recalls used and expired ones, the latest first', () => {
    const shelf = freeBetShelfOf(
      [
        freeBet({ id: 1, status: 'used', usedAt: 20_000, orderNo: 'A1' }),
        freeBet({ id: 2, status: 'expired', expiresAt: 30_000 }),
        freeBet({ id: 3, status: 'used', usedAt: 5_000, orderNo: 'A3' }),
      ],
      40_000,
    );
    expect(shelf.available).toEqual([]);
    expect(shelf.history.map((held) => held.id)).toEqual([2, 1, 3]);
  });

  it('shows an available one whose time is over as expired, never as one to use', () => {
    const shelf = freeBetShelfOf([freeBet({ id: 4, expiresAt: 10_000 })], 10_000);
    expect(shelf.available).toEqual([]);
    expect(shelf.history).toEqual([freeBet({ id: 4, expiresAt: 10_000, status: 'expired' })]);
  });

  it('keeps only a short history', () => {
    const used = Array.from({ length: freeBetHistoryMax + 3 }, (_, index) =>
      freeBet({ id: index + 1, status: 'used', usedAt: 1_000 + index, orderNo: `N${index}` }),
    );
    const shelf = freeBetShelfOf(used, 100_000);
    expect(shelf.history).toHaveLength(freeBetHistoryMax);
    expect(shelf.history[0]?.id).toBe(freeBetHistoryMax + 3);
  });

  it('has nothing to show without any free bet', () => {
    expect(hasFreeBets(freeBetShelfOf([], 0))).toBe(false);
    expect(hasFreeBets(freeBetShelfOf([freeBet({ status: 'expired' })], 0))).toBe(true);
  });
});
