import { ApiError } from '../../../lib/api-client';
import { appEvents, dispatchAppEvent } from '../../../lib/app-events';
import { i18n } from '../../../lib/i18n/i18n';
import { queryClient } from '../../../lib/query-client';
import { sessionInvalidCode } from '../../../lib/response-codes';
import { useDialogStore } from '../../../lib/session/dialog-store';
import { useSessionStore } from '../../../lib/session/session-store';
import { browserStorages, clearStorageForInvalidSession, storageKeys } from '../../../lib/storage';
import { showToast } from '../../../lib/toast-store';
import { resumeMember } from '../api/member-login-auto';
import { revokeMemberToken } from '../api/member-logout';
import { createVisitor } from '../api/visitor-create';
import { resumeVisitor } from '../api/visitor-login';
import { readCredentials } from '../store/identity-storage';
import {
  readSavedAccounts,
  type SavedAccount,
  signOutSavedAccount,
  writeSavedAccounts,
} from '../store/saved-accounts';
import { adoptSession, forgetIdentity } from './identity-state';
import { completeLogin } from './login-flow';

let pendingVisitor: Promise<void> | null = null;

/**
 * Creates a new visitor and makes it active. Several failures at once (for example a burst of
 * 403s) share one creation instead of racing to create many visitors.
 */
export function startFreshVisitor(): Promise<void> {
  pendingVisitor ??= (async () => {
    const store = useSessionStore.getState();
    store.setResolving(true);
    try {
      adoptSession(await createVisitor());
    } catch {
      // The API client has shown why; the page stays usable as a visitor without an identity.
    } finally {
      store.setResolving(false);
      pendingVisitor = null;
    }
  })();
  return pendingVisitor;
}

/** SPEC §4: back to the stored visitor identity, or a new visitor when it no longer works. */
export async function fallBackToVisitor(): Promise<void> {
  const credentials = readCredentials(browserStorages().local, 'visitor');
  if (credentials) {
    try {
      adoptSession(await resumeVisitor(credentials));
      return;
    } catch {
      forgetIdentity('visitor');
    }
  }
  await startFreshVisitor();
}

/** SPEC §4/§8 403: clear storage (keeping last username and account list), start as a visitor. */
export async function endSession(): Promise<void> {
  const storages = browserStorages();
  clearStorageForInvalidSession(storages.local, storages.session);
  useSessionStore.getState().clearIdentity();
  queryClient.clear();
  await startFreshVisitor();
}

function isSessionInvalid(error: unknown): boolean {
  return error instanceof ApiError && error.code === sessionInvalidCode;
}

/** At start: resume a stored member, then a stored demo, then the visitor (SPEC §4). */
export async function restoreIdentity(): Promise<void> {
  const local = browserStorages().local;
  for (const kind of ['member', 'demo'] as const) {
    const credentials = readCredentials(local, kind);
    if (!credentials) continue;
    try {
      adoptSession(await resumeMember(credentials));
      return;
    } catch (error) {
      if (isSessionInvalid(error)) return endSession();
      forgetIdentity(kind);
    }
  }
  await fallBackToVisitor();
}

function signOutSaved(memberId: number): void {
  const local = browserStorages().local;
  writeSavedAccounts(local, signOutSavedAccount(readSavedAccounts(local), memberId));
}

/**
 * SPEC §4 logout: revoke the token, forget the member (or demo) identity, then fall back to the
 * visitor. It goes ahead locally even when the server cannot be reached.
 */
export async function logout(): Promise<void> {
  const { kind, session } = useSessionStore.getState();
  if (kind === 'visitor' || !kind || !session) return;
  await revokeMemberToken({ uid: session.uid, token: session.token }).catch(() => undefined);
  signOutSaved(session.memberId);
  forgetIdentity(kind);
  queryClient.clear();
  await fallBackToVisitor();
}

/** SPEC §8: a profile that cannot be loaded leaves the user logged out. */
export async function markLoggedOut(): Promise<void> {
  const { kind } = useSessionStore.getState();
  if (kind !== 'member' && kind !== 'demo') return;
  forgetIdentity(kind);
  await fallBackToVisitor();
}

/**
 * SPEC §4: a password change logs out and creates a new visitor (the server has revoked every
 * session of the member), then offers the login form with the account filled in.
 */
export async function finishPasswordChange(): Promise<void> {
  const session = useSessionStore.getState().session;
  const account = session?.account ?? '';
  if (session) signOutSaved(session.memberId);
  forgetIdentity('member');
  forgetIdentity('visitor');
  queryClient.clear();
  showToast('success', i18n.t('passwordPanel.success'));
  await startFreshVisitor();
  useDialogStore.getState().openDialog('login', { account });
}

/** Asks for the password of a saved account, signing it in next to the current one. */
function askPasswordFor(entry: SavedAccount): void {
  browserStorages().local.setItem(storageKeys.lastAccount, entry.account);
  useDialogStore.getState().openDialog('login', { loginMode: 'add', account: entry.account });
}

/**
 * Switches to a saved account by resuming its stored token. An account without a live token
 * asks for its password; a token the server refuses also raises change-login-error (SPEC §8).
 */
export async function switchToSavedAccount(entry: SavedAccount): Promise<void> {
  if (!entry.token) {
    askPasswordFor(entry);
    return;
  }
  try {
    completeLogin(await resumeMember({ uid: entry.uid, token: entry.token }));
    showToast('success', i18n.t('switchPanel.switched', { account: entry.account }));
  } catch (error) {
    if (isSessionInvalid(error)) {
      signOutSaved(entry.memberId);
      showToast('error', i18n.t('switchPanel.failed'));
    }
    dispatchAppEvent(appEvents.changeLoginError, { memberId: entry.memberId });
    askPasswordFor(entry);
  }
}
