import { describe, expect, it } from 'vitest';
import { bonusShareOf, splitStake, stakeEndTransfers } from './bonus-stakes';

describe('splitStake', () => {
  it('takes the setting’s bucket first and the rest from the other', () => {
    expect(splitStake(1_000, { main: 600, bonus: 1_000 }, 'cash_first')).toEqual({
      cash: 600,
      bonus: 400,
    });
    expect(splitStake(1_000, { main: 800, bonus: 300 }, 'bonus_first')).toEqual({
      cash: 700,
      bonus: 300,
    });
    expect(splitStake(1_000, { main: 5_000, bonus: 0 }, 'bonus_first')).toEqual({
      cash: 1_000,
      bonus: 0,
    });
  });

  it('answers nothing when both together fall short', () => {
    expect(splitStake(1_000, { main: 600, bonus: 399 }, 'cash_first')).toBeUndefined();
  });

  it('spends no bonus money on a stake above the cap', () => {
    expect(splitStake(600, { main: 700, bonus: 1_000 }, 'bonus_first', 500)).toEqual({
      cash: 600,
      bonus: 0,
    });
    expect(splitStake(600, { main: 100, bonus: 1_000 }, 'cash_first', 500)).toBeUndefined();
    expect(splitStake(500, { main: 100, bonus: 1_000 }, 'cash_first', 500)).toEqual({
      cash: 100,
      bonus: 400,
    });
  });
});

describe('bonusShareOf and stakeEndTransfers', () => {
  it('split every amount with no minor unit lost or made, each transaction balanced', () => {
    const steps = {
      cash: { kind: 'order_settle', idempotencyKey: 'c' },
      bonus: { kind: 'order_bonus_settle', idempotencyKey: 'b' },
    };
    for (const stake of [1, 7, 1_001, 99_999])
      for (const bonusStake of [0, 1, Math.floor(stake / 3), stake])
        for (const paid of [0, 1, stake, stake * 3 + 1, 123_457]) {
          const order = {
            orderNo: 'B1',
            userId: 1,
            currencyId: 1,
            stakeMinor: stake,
            bonusStakeMinor: bonusStake,
          };
          const toBonus = bonusShareOf(paid, order);
          expect(toBonus).toBe(bonusStake === 0 ? 0 : Math.floor((paid * bonusStake) / stake));
          const transfers = stakeEndTransfers(order, paid, steps);
          const onAccount = (name: string) =>
            transfers
              .flatMap((transfer) => transfer.postings)
              .filter((posting) =>
                'userId' in posting.account
                  ? posting.account.bucket === name
                  : posting.account.systemCode === name,
              )
              .reduce((sum, posting) => sum + posting.amount, 0);
          expect(onAccount('bonus')).toBe(toBonus);
          expect(onAccount('main')).toBe(paid - toBonus);
          expect(onAccount('stakes_held')).toBe(-stake);
          for (const transfer of transfers) {
            expect(transfer.postings.length).toBeGreaterThanOrEqual(2);
            expect(transfer.postings.reduce((sum, posting) => sum + posting.amount, 0)).toBe(0);
            expect(transfer.postings.every((posting) => posting.amount !== 0)).toBe(true);
          }
          expect(transfers.map((transfer) => transfer.kind)).toEqual([
            ...(bonusStake > 0 ? ['order_bonus_settle'] : []),
            ...(bonusStake < stake ? ['order_settle'] : []),
          ]);
        }
  });
});
