import { appEvents, dispatchAppEvent } from '../../../lib/app-events';
import { i18n } from '../../../lib/i18n/i18n';
import { showToast } from '../../../lib/toast-store';
import { readPasscode, rewriteAddressAfterLogin } from './address';

/**
 * A page opened with a passcode is a sign-in attempt from a partner link. The contract has no
 * call that redeems a passcode, so the attempt fails the way SPEC §8 describes a failed passcode
 * login (message plus pass-login-error), and the passcode is taken out of the address so it is
 * not left in history or sent on with shared links. Answers whether there was one.
 */
export function handlePasscodeOnStart(): boolean {
  const passcode = readPasscode(window.location.search, window.location.hash);
  if (!passcode) return false;
  rewriteAddressAfterLogin();
  showToast('error', i18n.t('common.passcodeUnsupported'));
  dispatchAppEvent(appEvents.passLoginError, { reason: 'unsupported' });
  return true;
}
