import { useEffect } from 'react';
import { setUpApiClient } from '../services/api-client-setup';
import { signInFromAddressOnStart } from '../services/partner-sign-in';
import { restoreIdentity } from '../services/session-flow';
import { useLanguageSync } from './use-language-sync';
import { useProfileSync } from './use-profile-sync';

let hasStarted = false;

/** A partner link wins over what the browser had stored; a failed one falls back to it. */
async function startIdentity(): Promise<void> {
  if (await signInFromAddressOnStart()) return;
  await restoreIdentity();
}

/**
 * Everything the identity feature keeps running while the app is open. At start it wires the API
 * client, signs in the player of a partner link in the address, or else resumes (or creates) an
 * identity; the module flag keeps React's development double effects from creating two
 * visitors. Then it keeps the profile loaded and the server's copy of the language in step. Call
 * it once, at the app's root.
 */
export function useIdentityRuntime(): void {
  useEffect(() => {
    if (hasStarted) return;
    hasStarted = true;
    setUpApiClient();
    void startIdentity();
  }, []);
  useProfileSync();
  useLanguageSync();
}
