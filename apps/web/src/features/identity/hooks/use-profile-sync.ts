import { useEffect } from 'react';
import { ApiError } from '../../../lib/api-client';
import { sessionInvalidCode } from '../../../lib/response-codes';
import { browserStorages, storageKeys } from '../../../lib/storage';
import { useProfile } from '../api/member-profile';
import { markLoggedOut } from '../services/session-flow';
import { readSavedAccounts, writeSavedAccounts } from '../store/saved-accounts';
import { useSessionStore } from '../store/session-store';

/** Keeps the saved-account entry's brand flag current, so the switcher shows the right brand. */
function refreshSavedBrand(memberId: number, isXyUser: boolean): void {
  const local = browserStorages().local;
  const list = readSavedAccounts(local);
  if (!list.some((entry) => entry.memberId === memberId && entry.isXyUser !== isXyUser)) return;
  writeSavedAccounts(
    local,
    list.map((entry) => (entry.memberId === memberId ? { ...entry, isXyUser } : entry)),
  );
}

/**
 * Loads the profile of the active identity into the store. The brand flag is also kept under
 * SPEC's `_xy` key so a reload draws the right header before the profile arrives. A profile that
 * fails to load marks the user logged out (SPEC §8); a 403 is already handled by the client.
 */
export function useProfileSync(): void {
  const profile = useProfile();
  const setUserInfo = useSessionStore((state) => state.setUserInfo);

  useEffect(() => {
    if (!profile.data) return;
    setUserInfo(profile.data);
    browserStorages().local.setItem(storageKeys.isXyUser, String(profile.data.isXyUser));
    if (profile.data.memberId > 0) refreshSavedBrand(profile.data.memberId, profile.data.isXyUser);
  }, [profile.data, setUserInfo]);

  useEffect(() => {
    const error = profile.error;
    if (!error) return;
    if (error instanceof ApiError && error.code === sessionInvalidCode) return;
    void markLoggedOut();
  }, [profile.error]);
}
