import type { Session } from '@sb/contract';
import { readJson, storageKeys, writeJson } from '../../../lib/storage';

/** SPEC §5 and §9: the login's saved-account list holds at most 10 entries. */
export const savedAccountCountMax = 10;

/** One saved member: enough to show it in the switcher and to resume it without a password. */
export interface SavedAccount {
  memberId: number;
  account: string;
  uid: string;
  /** Empty once the account has logged out: switching to it then asks for the password. */
  token: string;
  currencyCode: string;
  isXyUser: boolean;
}

export type SaveOutcome = 'added' | 'replaced' | 'full' | 'skipped';

/**
 * SPEC §5: a new account is stored only when the SaveAccount flag is on and fewer than 10 are
 * stored; an account already in the list is replaced in place (even with the flag off, so its
 * saved token never goes stale); otherwise the list is full and the caller shows
 * loginPanel.Max10Account.
 */
export function saveAccountToList(
  list: readonly SavedAccount[],
  entry: SavedAccount,
  isSaveAccountOn: boolean,
): { list: SavedAccount[]; outcome: SaveOutcome } {
  const index = list.findIndex((saved) => saved.memberId === entry.memberId);
  if (index >= 0) {
    const replaced = list.map((saved, position) => (position === index ? entry : saved));
    return { list: replaced, outcome: 'replaced' };
  }
  if (!isSaveAccountOn) return { list: [...list], outcome: 'skipped' };
  if (list.length >= savedAccountCountMax) return { list: [...list], outcome: 'full' };
  return { list: [...list, entry], outcome: 'added' };
}

export function removeSavedAccount(
  list: readonly SavedAccount[],
  memberId: number,
): SavedAccount[] {
  return list.filter((saved) => saved.memberId !== memberId);
}

/**
 * Logging out (or changing the password) revokes the account's token on the server, so the
 * saved entry keeps the name for the switcher but drops the dead token.
 */
export function signOutSavedAccount(
  list: readonly SavedAccount[],
  memberId: number,
): SavedAccount[] {
  return list.map((saved) => (saved.memberId === memberId ? { ...saved, token: '' } : saved));
}

/**
 * The list with the member's entry brought in step with what the member now is (the play
 * currency after a change, the brand): the switcher shows the member as they are, not as they
 * were at their last login. The same list when nothing differs, so callers write only changes.
 */
export function refreshSavedAccount(
  list: readonly SavedAccount[],
  memberId: number,
  current: Pick<SavedAccount, 'currencyCode' | 'isXyUser'>,
): readonly SavedAccount[] {
  const isStale = (saved: SavedAccount) =>
    saved.memberId === memberId &&
    (saved.currencyCode !== current.currencyCode || saved.isXyUser !== current.isXyUser);
  if (!list.some(isStale)) return list;
  return list.map((saved) => (isStale(saved) ? { ...saved, ...current } : saved));
}

export function savedAccountFromSession(session: Session, isXyUser: boolean): SavedAccount {
  return {
    memberId: session.memberId,
    account: session.account ?? String(session.memberId),
    uid: session.uid,
    token: session.token,
    currencyCode: session.currencyCode,
    isXyUser,
  };
}

function isSavedAccount(value: unknown): value is SavedAccount {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.memberId === 'number' &&
    typeof entry.account === 'string' &&
    typeof entry.uid === 'string' &&
    typeof entry.token === 'string'
  );
}

/** The stored list, dropping entries that are not in the current shape. */
export function readSavedAccounts(local: Storage): SavedAccount[] {
  const stored = readJson(local, storageKeys.accountList);
  if (!Array.isArray(stored)) return [];
  return stored.filter(isSavedAccount).slice(0, savedAccountCountMax);
}

export function writeSavedAccounts(local: Storage, list: readonly SavedAccount[]): void {
  writeJson(local, storageKeys.accountList, list);
}

/** SPEC §3 SaveAccount flag; on unless the user turned it off. */
export function readSaveAccountFlag(local: Storage): boolean {
  return local.getItem(storageKeys.saveAccount) !== 'false';
}

export function writeSaveAccountFlag(local: Storage, isOn: boolean): void {
  local.setItem(storageKeys.saveAccount, String(isOn));
}
