import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { logout } from '../services/session-flow';
import { useDialogStore } from '../store/dialog-store';
import { useSessionStore } from '../store/session-store';

interface MemberActionsProps {
  isCompact: boolean;
  /** The balance display, drawn between the account and the account actions. */
  balance?: ReactNode;
}

/** Header controls for a member or demo player: account, member id, balance and account actions. */
export function MemberActions({ isCompact, balance }: MemberActionsProps) {
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
      {balance}
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
