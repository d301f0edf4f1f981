import { describe, expect, it } from 'vitest';
import {
  freeBetReturnMinor,
  isFreeBetOrder,
  shownReturnMinor,
  stakeTextKeyOf,
} from './free-bet-order';

describe('an order a free bet staked', () => {
  it('returns what a win pays without the stake', () => {
    expect(freeBetReturnMinor(1_000, 2_500)).toBe(1_500);
    expect(freeBetReturnMinor(1_000, 0)).toBe(0);
    expect(freeBetReturnMinor(1_000, 500)).toBe(0);
  });

  it('is told from an order of own money by its free bet', () => {
    expect(isFreeBetOrder({ freeBetId: 4 })).toBe(true);
    expect(isFreeBetOrder({ freeBetId: null })).toBe(false);
    expect(isFreeBetOrder({})).toBe(false);
    expect(shownReturnMinor({ stake: 1_000, freeBetId: 4 }, 2_500)).toBe(1_500);
    expect(shownReturnMinor({ stake: 1_000, freeBetId: null }, 2_500)).toBe(2_500);
  });

  it('names its stake a free-bet stake', () => {
    expect(stakeTextKeyOf({ freeBetId: 4 }, 'myBets.stake')).toBe('freeBetOrder.stake');
    expect(stakeTextKeyOf({ freeBetId: null }, 'myBets.stake')).toBe('myBets.stake');
  });
});
