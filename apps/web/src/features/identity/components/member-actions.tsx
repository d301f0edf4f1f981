import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { logout } from '../services/session-flow';
import { useDialogStore } from '../store/dialog-store';
import { useSessionStore } from '../store/session-store';

/**
 * Header controls for a member or demo player: account, member id, balance and account actions.
 * The balance is a placeholder until the wallet feature provides it.
 */
export function MemberActions({ isCompact }: { isCompact: boolean }) {
  const { t } = useTranslation();
  const openDialog = useDialogStore((state) => state.openDialog);
  const session = useSessionStore((state) => state.session);
  const kind = useSessionStore((state) => state.kind);
  const [isLoggingOut, setLoggingOut] = useState(false);
  if (!session) return null;
  const isDemo = kind === 'demo';

  const handleLogout = () => {
    setLoggingOut(true);
    void logout().finally(() => setLoggingOut(false));
  };

  return (
    <div className="identity-bar__group">
      <div className="member-chip">
        <span className="member-chip__name" data-testid="account-name">
          {session.account ?? t('header.demoPlayer')}
        </span>
        <span className="member-chip__id">
          {t('header.memberId')} <span data-testid="member-id">{session.memberId}</span>
        </span>
        {isDemo ? <span className="badge badge--demo">{t('header.demo')}</span> : null}
      </div>
      <div className="balance" data-testid="balance">
        <span className="balance__label">{t('header.balance')}</span>
        <strong className="balance__amount">--</strong>
        <span className="balance__currency">{session.currencyCode}</span>
      </div>
      {isCompact || isDemo ? null : (
        <>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => openDialog('account-switch')}
            data-testid="account-switch-open"
          >
            {t('header.switchAccount')}
          </button>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => openDialog('password-change')}
            data-testid="password-change-open"
          >
            {t('header.changePassword')}
          </button>
        </>
      )}
      <button
        type="button"
        className="button button--secondary"
        disabled={isLoggingOut}
        onClick={handleLogout}
        data-testid="logout"
      >
        {t('header.logout')}
      </button>
    </div>
  );
}
