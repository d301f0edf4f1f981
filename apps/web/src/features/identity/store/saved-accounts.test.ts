import { describe, expect, it } from 'vitest';
import { MemoryStorage, storageKeys } from '../../../lib/storage';
import {
  readSavedAccounts,
  refreshSavedAccount,
  removeSavedAccount,
  type SavedAccount,
  saveAccountToList,
  savedAccountCountMax,
  signOutSavedAccount,
  writeSavedAccounts,
} from './saved-accounts';

function account(memberId: number, token = `token-${memberId}`): SavedAccount {
  return {
    memberId,
    account: `player${memberId}`,
    uid: `uid-${memberId}`,
    token,
    currencyCode: 'CNY',
    isXyUser: false,
  };
}

function listOf(count: number): SavedAccount[] {
  return Array.from({ length: count }, (_, index) => account(index + 1));
}

describe('saveAccountToList', () => {
  it('adds a new account when the flag is on and there is room', () => {
    const result = saveAccountToList(listOf(2), account(3), true);
    expect(result.outcome).toBe('added');
    expect(result.list.map((entry) => entry.memberId)).toEqual([1, 2, 3]);
  });

  it('does not add a new account when the flag is off', () => {
    const result = saveAccountToList(listOf(2), account(3), false);
    expect(result.outcome).toBe('skipped');
    expect(result.list).toHaveLength(2);
  });

  it('replaces an account already in the list in place, keeping the count', () => {
    const result = saveAccountToList(listOf(3), account(2, 'fresh-token'), true);
    expect(result.outcome).toBe('replaced');
    expect(result.list).toHaveLength(3);
    expect(result.list[1]?.token).toBe('fresh-token');
  });

  it('replaces an existing account even with the flag off, so its token stays current', () => {
    const result = saveAccountToList(listOf(3), account(1, 'fresh-token'), false);
    expect(result.outcome).toBe('replaced');
    expect(result.list[0]?.token).toBe('fresh-token');
  });

  it('refuses an eleventh account and leaves the list unchanged', () => {
    const full = listOf(savedAccountCountMax);
    const result = saveAccountToList(full, account(99), true);
    expect(result.outcome).toBe('full');
    expect(result.list).toEqual(full);
  });

  it('still replaces an existing account when the list is full', () => {
    const result = saveAccountToList(listOf(savedAccountCountMax), account(10, 'new'), true);
    expect(result.outcome).toBe('replaced');
    expect(result.list[9]?.token).toBe('new');
  });

  it('does not change the list it was given', () => {
    const original = listOf(2);
    saveAccountToList(original, account(3), true);
    expect(original).toHaveLength(2);
  });
});

describe('stored account list', () => {
  it('round-trips through storage and drops malformed entries', () => {
    const storage = new MemoryStorage();
    writeSavedAccounts(storage, listOf(2));
    expect(readSavedAccounts(storage)).toEqual(listOf(2));
    storage.setItem(storageKeys.accountList, JSON.stringify([account(1), { memberId: 'x' }]));
    expect(readSavedAccounts(storage)).toEqual([account(1)]);
  });

  it('reads an unreadable list as empty', () => {
    const storage = new MemoryStorage();
    storage.setItem(storageKeys.accountList, '{not json');
    expect(readSavedAccounts(storage)).toEqual([]);
  });

  it('removes an account by member id', () => {
    expect(removeSavedAccount(listOf(3), 2).map((entry) => entry.memberId)).toEqual([1, 3]);
  });
});

describe('signOutSavedAccount', () => {
  it('drops only that account’s token and keeps it in the list', () => {
    const list = signOutSavedAccount(listOf(2), 2);
    expect(list.map((entry) => entry.token)).toEqual(['token-1', '']);
  });
});

describe('refreshSavedAccount', () => {
  it('keeps the stored play currency in step with a change of it', () => {
    const list = listOf(3);
    const refreshed = refreshSavedAccount(list, 2, { currencyCode: 'USDT', isXyUser: false });
    expect(refreshed.map((entry) => entry.currencyCode)).toEqual(['CNY', 'USDT', 'CNY']);
    // Token and names stay: the switcher still resumes the member without a password.
    expect(refreshed[1]).toEqual({ ...account(2), currencyCode: 'USDT' });
    const local = new MemoryStorage();
    writeSavedAccounts(local, refreshed);
    expect(readSavedAccounts(local)[1]?.currencyCode).toBe('USDT');
  });

  it('keeps the brand current too, and answers the same list when nothing changed', () => {
    const list = listOf(2);
    expect(refreshSavedAccount(list, 1, { currencyCode: 'CNY', isXyUser: false })).toBe(list);
    expect(refreshSavedAccount(list, 9, { currencyCode: 'USDT', isXyUser: true })).toBe(list);
    expect(refreshSavedAccount(list, 1, { currencyCode: 'CNY', isXyUser: true })[0]?.isXyUser).toBe(
      true,
    );
  });
});
