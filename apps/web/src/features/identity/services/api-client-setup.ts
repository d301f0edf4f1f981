import { configureApiClient, localErrorCodes } from '../../../lib/api-client';
import { buildClientInfo, readDeviceId } from '../../../lib/client-info';
import { currentLanguage, i18n } from '../../../lib/i18n/i18n';
import { useDialogStore } from '../../../lib/session/dialog-store';
import { selectSource, useSessionStore } from '../../../lib/session/session-store';
import { browserStorages, storageKeys } from '../../../lib/storage';
import { showToast } from '../../../lib/toast-store';
import { endSession } from './session-flow';

/** getRandomValues works on plain-http hosts too, where randomUUID is not offered. */
function randomDeviceId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Connects the API client to this app: which identity and client info to send, and what SPEC §8
 * does with 402 (open the login window), 403 (end the session) and other failures (a toast).
 */
export function setUpApiClient(): void {
  const local = browserStorages().local;
  const deviceId = readDeviceId(local, randomDeviceId);
  configureApiClient({
    currentCredentials: () => {
      const session = useSessionStore.getState().session;
      return session ? { uid: session.uid, token: session.token } : null;
    },
    clientInfo: () =>
      buildClientInfo({
        deviceId,
        language: currentLanguage(),
        source: selectSource(useSessionStore.getState()),
        channelType: local.getItem(storageKeys.channelType) ?? 'a1',
        userAgent: navigator.userAgent,
        platform: navigator.platform,
      }),
    onLoginRequired: () => useDialogStore.getState().openDialog('login'),
    onSessionInvalid: () => void endSession(),
    onFailureMessage: (message) => showToast('error', message),
    localMessage: (code) =>
      code === localErrorCodes.network
        ? i18n.t('common.networkError')
        : i18n.t('common.unexpectedAnswer'),
  });
}
