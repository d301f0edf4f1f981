import type { Bonus } from '@sb/contract';
import { describe, expect, it } from 'vitest';
import { activeBonusesOf, rolloverProgressOf } from './rollover';

function bonus(overrides: Partial<Bonus> = {}): Bonus {
  return {
    id: 1,
    userId: 7,
    campaignId: 3,
    currencyId: 1,
    scale: 2,
    amount: 1_000,
    status: 'active',
    rolloverMultiple: 5,
    rolloverRequired: 5_000,
    rolloverCounted: 0,
    maxStake: 0,
    grantedAt: 1_000,
    expiresAt: 9_000,
    endedAt: null,
    reason: null,
    ...overrides,
  };
}

describe('the rollover progress of a bonus', () => {
  it('is counted over required, with the percentage to 5 significant digits', () => {
    expect(rolloverProgressOf(bonus({ rolloverCounted: 0 }))).toEqual({
      countedMinor: 0,
      requiredMinor: 5_000,
      share: 0,
      percentText: '0%',
      isComplete: false,
    });
    expect(rolloverProgressOf(bonus({ rolloverCounted: 1_875 })).percentText).toBe('37.5%');
    expect(
      rolloverProgressOf(bonus({ rolloverCounted: 1_000, rolloverRequired: 3_000 })).percentText,
    ).toBe('33.333%');
  });

  it('never reads 100% before the last stake is counted, nor more after', () => {
    const almost = rolloverProgressOf(
      bonus({ rolloverCounted: 9_999_999, rolloverRequired: 10_000_000 }),
    );
    expect(almost.percentText).toBe('99.999%');
    expect(almost.isComplete).toBe(false);
    const over = rolloverProgressOf(bonus({ rolloverCounted: 6_000 }));
    expect(over).toMatchObject({ share: 1, percentText: '100%', isComplete: true });
  });

  it('lists only active bonuses, the one expiring first at the top', () => {
    const list = activeBonusesOf([
      bonus({ id: 1, expiresAt: 9_000 }),
      bonus({ id: 2, status: 'converted' }),
      bonus({ id: 3, expiresAt: 5_000 }),
      bonus({ id: 4, status: 'expired' }),
    ]);
    expect(list.map((entry) => entry.id)).toEqual([3, 1]);
  });
});
