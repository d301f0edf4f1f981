import type { UserInfo } from '@sb/contract';
import { useEffect } from 'react';
import { ApiError } from '../../../lib/api-client';
import { sessionInvalidCode } from '../../../lib/response-codes';
import { useProfile } from '../../../lib/session/member-profile';
import { useSessionStore } from '../../../lib/session/session-store';
import { browserStorages, storageKeys } from '../../../lib/storage';
import { markLoggedOut } from '../services/session-flow';
import {
  readSavedAccounts,
  refreshSavedAccount,
  writeSavedAccounts,
} from '../store/saved-accounts';

/**
 * Keeps the saved-account entry's play currency and brand flag current, so the switcher shows
 * the member as the profile now says (a changed play currency reloads the profile).
 */
function refreshSavedEntry(profile: UserInfo): void {
  const local = browserStorages().local;
  const list = readSavedAccounts(local);
  const refreshed = refreshSavedAccount(list, profile.memberId, profile);
  if (refreshed !== list) writeSavedAccounts(local, refreshed);
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
    if (profile.data.memberId > 0) refreshSavedEntry(profile.data);
  }, [profile.data, setUserInfo]);

  useEffect(() => {
    const error = profile.error;
    if (!error) return;
    if (error instanceof ApiError && error.code === sessionInvalidCode) return;
    void markLoggedOut();
  }, [profile.error]);
}
