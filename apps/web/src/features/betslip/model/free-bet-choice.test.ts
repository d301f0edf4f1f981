import { betType, type FreeBet, type OrderBet } from '@sb/contract';
import { describe, expect, it } from 'vitest';
import {
  freeBetSlotOf,
  freeBetStakeText,
  freeBetsForCurrency,
  isBelowFreeBetOdds,
  totalOddsUnitsOf,
  withFreeBet,
} from './free-bet-choice';

function freeBet(overrides: Partial<FreeBet> = {}): FreeBet {
  return {
    id: 1,
    campaignId: 3,
    title: 'Free bet',
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

describe('the free bets a slip offers', () => {
  it('are the available ones of its currency not yet expired, soonest to expire first', () => {
    const records = [
      freeBet({ id: 1, expiresAt: 80_000 }),
      freeBet({ id: 2, expiresAt: 50_000 }),
      freeBet({ id: 3, currencyId: 2 }),
      freeBet({ id: 4, status: 'used', usedAt: 2_000, orderNo: 'X' }),
      freeBet({ id: 5, expiresAt: 9_000 }),
    ];
    expect(freeBetsForCurrency(records, 1, 10_000).map((held) => held.id)).toEqual([2, 1]);
  });

  it('are none before the balance names the currency', () => {
    expect(freeBetsForCurrency([freeBet()], undefined, 0)).toEqual([]);
  });
});

describe('where a free bet may go on the slip', () => {
  it('stakes one single or a parlay that can go', () => {
    expect(freeBetSlotOf('single', 1, false)).toBe('bet');
    expect(freeBetSlotOf('parlay', 3, false)).toBe('bet');
  });

  it('does not stake several singles that share one stake, nor a parlay that cannot go', () => {
    expect(freeBetSlotOf('single', 2, false)).toBe('severalSingles');
    expect(freeBetSlotOf('parlay', 1, true)).toBe('none');
    expect(freeBetSlotOf('single', 0, false)).toBe('none');
  });
});

describe('the least odds of a free bet', () => {
  it('are met by total odds as the book multiplies a parlay', () => {
    expect(totalOddsUnitsOf([2, 1.5])).toBe(30_000);
    expect(isBelowFreeBetOdds({ minOdds: 30_000 }, [2, 1.5])).toBe(false);
    expect(isBelowFreeBetOdds({ minOdds: 30_100 }, [2, 1.5])).toBe(true);
  });

  it('ask nothing when the free bet has none', () => {
    expect(isBelowFreeBetOdds({ minOdds: 0 }, [1.01])).toBe(false);
  });

  it('judge a single on its own price', () => {
    expect(isBelowFreeBetOdds({ minOdds: 15_000 }, [1.45])).toBe(true);
    expect(isBelowFreeBetOdds({ minOdds: 15_000 }, [1.5])).toBe(false);
  });
});

describe('a bet a free bet stakes', () => {
  const bet: OrderBet = {
    betType: betType.single,
    stake: 123,
    scale: 2,
    currencyId: 1,
    acceptOdds: 1,
    selections: [{ optId: 'o1', odds: 2 }],
  };

  it('takes the free bet amount as its stake and names it', () => {
    expect(withFreeBet(bet, freeBet({ id: 9, amount: 5_000 }))).toEqual({
      ...bet,
      stake: 5_000,
      freeBetId: 9,
    });
  });

  it('shows the amount in the stake field as a stake is typed, without separators', () => {
    expect(freeBetStakeText(freeBet({ amount: 123_456 }))).toBe('1234.56');
    expect(freeBetStakeText(freeBet({ amount: 5, scale: 0 }))).toBe('5');
  });
});
