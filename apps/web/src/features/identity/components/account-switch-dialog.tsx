import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal';
import { useDialogStore } from '../../../lib/session/dialog-store';
import { selectMemberId, useSessionStore } from '../../../lib/session/session-store';
import { browserStorages } from '../../../lib/storage';
import { switchToSavedAccount } from '../services/session-flow';
import {
  readSavedAccounts,
  removeSavedAccount,
  type SavedAccount,
  writeSavedAccounts,
} from '../store/saved-accounts';

/** The saved-account list (SPEC §3 accountList): switch to one, remove one, or add another. */
export function AccountSwitchDialog() {
  const { t } = useTranslation();
  const closeDialogs = useDialogStore((state) => state.closeDialogs);
  const openDialog = useDialogStore((state) => state.openDialog);
  const currentMemberId = useSessionStore(selectMemberId);
  const [accounts, setAccounts] = useState(() => readSavedAccounts(browserStorages().local));
  const [pendingMemberId, setPendingMemberId] = useState<number | null>(null);

  const remove = (entry: SavedAccount) => {
    const remaining = removeSavedAccount(accounts, entry.memberId);
    writeSavedAccounts(browserStorages().local, remaining);
    setAccounts(remaining);
  };

  const switchTo = (entry: SavedAccount) => {
    setPendingMemberId(entry.memberId);
    void switchToSavedAccount(entry).finally(() => setPendingMemberId(null));
  };

  return (
    <Modal title={t('switchPanel.title')} onClose={closeDialogs} testId="account-switch-dialog">
      {accounts.length === 0 ? <p className="muted">{t('switchPanel.empty')}</p> : null}
      <ul className="account-list">
        {accounts.map((entry) => {
          const isCurrent = entry.memberId === currentMemberId;
          return (
            <li key={entry.memberId} className="account-list__item">
              <button
                type="button"
                className="account-list__pick"
                disabled={isCurrent || pendingMemberId !== null}
                onClick={() => switchTo(entry)}
                data-testid="account-switch-item"
              >
                <span className="account-list__name">{entry.account}</span>
                <span className="account-list__meta">
                  ID {entry.memberId} · {entry.currencyCode}
                  {entry.token ? null : ` · ${t('switchPanel.signedOut')}`}
                </span>
                {isCurrent ? <span className="badge">{t('switchPanel.current')}</span> : null}
              </button>
              {isCurrent ? null : (
                <button type="button" className="link-button" onClick={() => remove(entry)}>
                  {t('switchPanel.remove')}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        className="button button--secondary button--block"
        onClick={() => openDialog('login', { loginMode: 'add' })}
      >
        {t('switchPanel.add')}
      </button>
    </Modal>
  );
}
