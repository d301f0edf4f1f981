import type { Session } from '@sb/contract';
import { appEvents, dispatchAppEvent } from '../../../lib/app-events';
import { applyLanguage, currentLanguage, i18n } from '../../../lib/i18n/i18n';
import { useDialogStore } from '../../../lib/session/dialog-store';
import { identityKindOf, isPartnerSession } from '../../../lib/session/session-store';
import { browserStorages, storageKeys } from '../../../lib/storage';
import { showToast } from '../../../lib/toast-store';
import {
  readSaveAccountFlag,
  readSavedAccounts,
  saveAccountToList,
  savedAccountFromSession,
  writeSavedAccounts,
} from '../store/saved-accounts';
import { rewriteAddressAfterLogin } from './address';
import { adoptSession } from './identity-state';

export interface LoginContext {
  isRegistration?: boolean;
}

/** SPEC §5: remembers a member in the saved-account list, or says the list is full. */
function rememberAccount(session: Session): void {
  const local = browserStorages().local;
  const isXyUser = local.getItem(storageKeys.isXyUser) === 'true';
  const { list, outcome } = saveAccountToList(
    readSavedAccounts(local),
    savedAccountFromSession(session, isXyUser),
    readSaveAccountFlag(local),
  );
  if (outcome === 'full') {
    showToast('warning', i18n.t('loginPanel.Max10Account'));
    return;
  }
  if (outcome !== 'skipped') writeSavedAccounts(local, list);
}

/**
 * SPEC §4 login success: store the identity, set the language, close any popup, load the
 * profile (its query is keyed by the new token, so it loads by itself), rewrite the address to
 * the index route (SPEC §2) and announce login-complete, on which the balance is loaded.
 */
export function completeLogin(session: Session, context: LoginContext = {}): void {
  const kind = adoptSession(session);
  const local = browserStorages().local;
  if (session.account) local.setItem(storageKeys.lastAccount, session.account);
  if (context.isRegistration) local.setItem(storageKeys.isRegistered, '1');
  // A partner's player has no password to switch back with: its partner signs it in each visit.
  if (kind === 'member' && !isPartnerSession(session)) rememberAccount(session);
  // The chosen language stays; the profile sync then tells the server if its copy differs.
  void applyLanguage(currentLanguage());
  useDialogStore.getState().closeDialogs();
  rewriteAddressAfterLogin();
  dispatchAppEvent(appEvents.loginComplete, {
    memberId: session.memberId,
    uid: session.uid,
    isDemo: identityKindOf(session) === 'demo',
  });
}
