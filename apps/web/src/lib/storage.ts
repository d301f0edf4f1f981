/**
 * SPEC §3 storage keys. Each identity kind keeps its own uid, token and session so a member can
 * log out and fall back to the visitor identity the browser already had.
 */
export const storageKeys = {
  memberUid: 'buid',
  memberToken: 'btoken',
  memberSession: 'buserInfo',
  demoUid: 'duid',
  demoToken: 'dtoken',
  demoSession: 'duserInfo',
  visitorUid: 'uid',
  visitorToken: 'token',
  visitorSession: 'userInfo',
  language: 'lang',
  channelType: 'channelType',
  tryPlay: 'tryPlay',
  isRegistered: 'isReg',
  saveAccount: 'SaveAccount',
  accountList: 'accountList',
  isXyUser: '_xy',
  /** Not named by SPEC: the account name prefilled in the login form. */
  lastAccount: 'lastAccount',
  /** Not named by SPEC: the random device id sent as the client-info field deviceID. */
  deviceId: 'deviceID',
} as const;

/** Session-storage key holding the active session of this tab (SPEC §3 "session key omgMide"). */
export const activeSessionKey = 'omgMide';

/**
 * Keys that survive a 403. SPEC §4 keeps the last username and the account list. Two device
 * settings stay as well: the device id names the browser, not the person, and the server counts
 * logins by it; the display language is the one on screen, and an expired token is no reason
 * for the next visit to open in another language.
 */
export const keysKeptOnInvalidSession: readonly string[] = [
  storageKeys.lastAccount,
  storageKeys.accountList,
  storageKeys.deviceId,
  storageKeys.language,
];

/** Reads a JSON value, answering undefined for a missing or unreadable entry. */
export function readJson(storage: Storage, key: string): unknown {
  const raw = storage.getItem(key);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

export function writeJson(storage: Storage, key: string, value: unknown): void {
  storage.setItem(key, JSON.stringify(value));
}

/**
 * SPEC §4: a 403 clears local and session storage, keeping only the last username and the
 * saved account list, so the user can log straight back in.
 */
export function clearStorageForInvalidSession(local: Storage, session: Storage): void {
  const kept = keysKeptOnInvalidSession.flatMap((key) => {
    const value = local.getItem(key);
    return value === null ? [] : [[key, value] as const];
  });
  local.clear();
  session.clear();
  for (const [key, value] of kept) local.setItem(key, value);
}

/** The browser's storages, or throwaway ones where a browser blocks access (private modes). */
export function browserStorages(): { local: Storage; session: Storage } {
  try {
    return { local: window.localStorage, session: window.sessionStorage };
  } catch {
    return { local: new MemoryStorage(), session: new MemoryStorage() };
  }
}

/** A Storage kept in memory, for tests and for browsers that refuse web storage. */
export class MemoryStorage implements Storage {
  private readonly entries = new Map<string, string>();

  get length(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }

  getItem(key: string): string | null {
    return this.entries.get(key) ?? null;
  }

  key(index: number): string | null {
    return [...this.entries.keys()][index] ?? null;
  }

  removeItem(key: string): void {
    this.entries.delete(key);
  }

  setItem(key: string, value: string): void {
    this.entries.set(key, String(value));
  }
}
