import { useEffect } from 'react';
import { setUpApiClient } from '../services/api-client-setup';
import { handlePasscodeOnStart } from '../services/passcode';
import { restoreIdentity } from '../services/session-flow';
import { useLanguageSync } from './use-language-sync';
import { useProfileSync } from './use-profile-sync';

let hasStarted = false;

/**
 * Everything the identity feature keeps running while the app is open. At start it wires the API
 * client, handles a passcode in the address and resumes (or creates) an identity; the module flag
 * keeps React's development double effects from creating two visitors. Then it keeps the profile
 * loaded and the server's copy of the language in step. Call it once, at the app's root.
 */
export function useIdentityRuntime(): void {
  useEffect(() => {
    if (hasStarted) return;
    hasStarted = true;
    setUpApiClient();
    handlePasscodeOnStart();
    void restoreIdentity();
  }, []);
  useProfileSync();
  useLanguageSync();
}
