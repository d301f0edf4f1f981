import { memberLoginAccount } from '@sb/contract';
import { hashPasswordForWire, quickAccountPlaceholderPassword } from '@sb/domain';
import { callApi } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n/i18n';
import { useSessionStore } from '../../../lib/session/session-store';
import { showToast } from '../../../lib/toast-store';
import { changePassword } from '../api/member-password-edit';
import { useQuickAccountStore } from '../store/quick-account-store';
import { completeLogin } from './login-flow';
import { finishPasswordChange } from './session-flow';

/** SPEC §7: domainType 3 marks a login from the web site. */
const webDomainType = 3;

/**
 * A quick account replaces its placeholder with a password of its own (docs/identity.md "Quick
 * accounts"). The change ends every session of the member, the one in use too, so the member is
 * signed in again at once with the new password. Should that sign-in fail, the usual end of a
 * password change follows: a fresh visitor and the login form with the account filled in.
 */
export async function replacePlaceholderPassword(newPassword: string): Promise<void> {
  const account = useSessionStore.getState().session?.account ?? '';
  await changePassword({ oldPassword: quickAccountPlaceholderPassword, newPassword });
  useQuickAccountStore.getState().closeDialog();
  try {
    // The old token died with the change, so the login carries none.
    const session = await callApi(
      memberLoginAccount,
      { account, pwd: hashPasswordForWire(newPassword), domainType: webDomainType },
      { credentials: null },
    );
    completeLogin(session);
    showToast('success', i18n.t('quickAccount.passwordSet'));
  } catch {
    await finishPasswordChange();
  }
}
