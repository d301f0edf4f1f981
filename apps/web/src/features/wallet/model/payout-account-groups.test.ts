import type { WithdrawAccount, WithdrawChannel } from '@sb/contract';
import { describe, expect, it } from 'vitest';
import { accountsForChannel, groupPayoutAccounts } from './payout-account-groups';

function channel(merchantCode: number, channelId: number): WithdrawChannel {
  return {
    merchantCode,
    channelId,
    currencyCode: 'CNY',
    currencyId: 1,
    payTypeId: channelId,
    payTypeName: `type ${merchantCode}`,
    payType: 'bank',
    outerId: 0,
    minAmount: 100,
    maxAmount: 1_000_000,
    scale: 2,
    quicks: [],
    holds: 0,
    accounts: [],
  } as unknown as WithdrawChannel;
}

function account(accountId: number, merchantCode: number): WithdrawAccount {
  return {
    accountId,
    merchantCode,
    payTypeId: 1,
    payTypeName: 'Bank card',
    bankNo: `62220202001122${accountId}`,
    name: null,
    accountType: null,
    realName: 'Zhang San',
    mobile: '13800138000',
    extend1: null,
    address: null,
    currencyId: 1,
  };
}

// Types 0 (bank card) and 3 (digital address) take accounts; type 4 pays back the deposit route.
const channels = [channel(0, 201), channel(3, 203), channel(4, 204)];

describe('my accounts grouped by type', () => {
  it('puts each account under its type, in the order the server listed them', () => {
    const groups = groupPayoutAccounts(channels, [account(7, 3), account(5, 0), account(9, 0)]);
    expect(
      groups.map((group) => [group.merchantCode, group.accounts.map((a) => a.accountId)]),
    ).toEqual([
      [0, [5, 9]],
      [3, [7]],
    ]);
  });

  it('leaves out types that take no account, and shows empty types that do', () => {
    const groups = groupPayoutAccounts(channels, []);
    expect(groups.map((group) => group.merchantCode)).toEqual([0, 3]);
    expect(groups.every((group) => group.accounts.length === 0 && group.canAdd)).toBe(true);
  });

  it('stops adding at three accounts of a type', () => {
    const groups = groupPayoutAccounts(channels, [account(1, 0), account(2, 0), account(3, 0)]);
    expect(groups.find((group) => group.merchantCode === 0)?.canAdd).toBe(false);
    expect(groups.find((group) => group.merchantCode === 3)?.canAdd).toBe(true);
  });

  it('keeps accounts of a type no channel offers any more, last, to be deleted but not added to', () => {
    const groups = groupPayoutAccounts(channels, [account(4, 6), account(5, 0)]);
    expect(groups.at(-1)).toMatchObject({ merchantCode: 6, channel: null, canAdd: false });
    expect(groups.at(-1)?.accounts.map((entry) => entry.accountId)).toEqual([4]);
  });
});

describe('accounts for a withdrawal channel', () => {
  it('are those of its type', () => {
    const accounts = [account(1, 0), account(2, 3), account(3, 0)];
    expect(accountsForChannel(accounts, { merchantCode: 0 }).map((a) => a.accountId)).toEqual([
      1, 3,
    ]);
    expect(accountsForChannel(accounts, { merchantCode: 5 })).toEqual([]);
  });
});
