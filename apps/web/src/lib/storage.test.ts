import { describe, expect, it } from 'vitest';
import {
  activeSessionKey,
  clearStorageForInvalidSession,
  MemoryStorage,
  storageKeys,
} from './storage';

function fill(storage: Storage, entries: Record<string, string>): void {
  for (const [key, value] of Object.entries(entries)) storage.setItem(key, value);
}

describe('clearStorageForInvalidSession', () => {
  it('clears every identity and preference but keeps the last username and the account list', () => {
    const local = new MemoryStorage();
    const session = new MemoryStorage();
    fill(local, {
      [storageKeys.memberUid]: 'm-uid',
      [storageKeys.memberToken]: 'm-token',
      [storageKeys.memberSession]: '{}',
      [storageKeys.demoToken]: 'd-token',
      [storageKeys.visitorUid]: 'v-uid',
      [storageKeys.visitorToken]: 'v-token',
      [storageKeys.tryPlay]: '1',
      [storageKeys.isXyUser]: 'true',
      [storageKeys.lastAccount]: 'player01',
      [storageKeys.accountList]: '[{"memberId":1}]',
    });
    fill(session, { [activeSessionKey]: '{}', walletIndex: '2' });

    clearStorageForInvalidSession(local, session);

    expect(local.getItem(storageKeys.lastAccount)).toBe('player01');
    expect(local.getItem(storageKeys.accountList)).toBe('[{"memberId":1}]');
    expect(local.getItem(storageKeys.memberToken)).toBeNull();
    expect(local.getItem(storageKeys.demoToken)).toBeNull();
    expect(local.getItem(storageKeys.visitorToken)).toBeNull();
    expect(local.getItem(storageKeys.tryPlay)).toBeNull();
    expect(session.length).toBe(0);
  });

  it('keeps the device settings: device id and display language', () => {
    const local = new MemoryStorage();
    fill(local, {
      [storageKeys.deviceId]: 'device-1',
      [storageKeys.language]: 'en',
      [storageKeys.memberToken]: 't',
    });
    clearStorageForInvalidSession(local, new MemoryStorage());
    expect(local.getItem(storageKeys.deviceId)).toBe('device-1');
    expect(local.getItem(storageKeys.language)).toBe('en');
    expect(local.length).toBe(2);
  });

  it('does not invent kept keys that were never stored', () => {
    const local = new MemoryStorage();
    fill(local, { [storageKeys.memberToken]: 't' });
    clearStorageForInvalidSession(local, new MemoryStorage());
    expect(local.length).toBe(0);
  });
});
