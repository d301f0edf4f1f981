import type { Session } from '@sb/contract';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogStore } from '../../../lib/session/dialog-store';
import { isPartnerSession, useSessionStore } from '../../../lib/session/session-store';
import { logout } from '../services/session-flow';
import { PartnerBadge } from './partner-badge';

interface MemberActionsProps {
  isCompact: boolean;
  /** The balance display, drawn between the account and the account actions. */
  balance?: ReactNode;
}

/**
 * The name a signed-in player goes by: the account, a partner's player the principal its
 * partner knows them by, a demo player that word.
 */
export function displayName(session: Session, translate: (key: string) => string): string {
  if (session.account) return session.account;
  if (isPartnerSession(session)) return session.principal ?? translate('partner.player');
  return translate('header.demoPlayer');
}

/**
 * Header controls for a member, demo or partner player: name, member id, balance and account
 * actions. A partner's player has no password here and is signed in by its partner for each
 * visit, so it is offered neither the password change nor the account switcher.
 */
export function MemberActions({ isCompact, balance }: MemberActionsProps) {
  const { t } = useTranslation();
  const openDialog = useDialogStore((state) => state.openDialog);
  const session = useSessionStore((state) => state.session);
  const kind = useSessionStore((state) => state.kind);
  const [isLoggingOut, setLoggingOut] = useState(false);
  if (!session) return null;
  const isDemo = kind === 'demo';
  const isPartner = isPartnerSession(session);
  const name = displayName(session, t);

  const handleLogout = () => {
    setLoggingOut(true);
    void logout().finally(() => setLoggingOut(false));
  };

  return (
    <div className="identity-bar__group">
      <div className="member-chip">
        <span className="member-chip__name" title={name} data-testid="account-name">
          {name}
        </span>
        <span className="member-chip__id">
          {t('header.memberId')} <span data-testid="member-id">{session.memberId}</span>
        </span>
        {isDemo ? <span className="badge badge--demo">{t('header.demo')}</span> : null}
        {isPartner ? <PartnerBadge channel={session.channel} /> : null}
      </div>
      {balance}
      {isCompact || isDemo || isPartner ? null : (
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
