import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LanguageSelect } from '../components/language-select';
import { useSlipViewStore } from '../features/betslip/store/slip-view-store';
import { displayName } from '../features/identity/components/member-actions';
import { PartnerBadge } from '../features/identity/components/partner-badge';
import { logout } from '../features/identity/services/session-flow';
import { useWalletScreenStore } from '../features/wallet/store/wallet-screen-store';
import { useDialogStore } from '../lib/session/dialog-store';
import { isPartnerSession, useSessionStore } from '../lib/session/session-store';
import { useHasWallet } from './member-balance';
import { useLinkedPages } from './member-pages';

const menuId = 'account-menu';

/**
 * A signed-in player's header on a phone: one button opening a menu of what the wide header
 * shows as loose links (who is signed in, wallet, records, my bets, settings, language and
 * logout). The stylesheet shows it under 760 px and the loose links above. It is a native
 * popover, so a tap outside it or Escape closes it; its items are drawn only while it is open,
 * so the links of the wide header stay the only ones of their kind on the page.
 */
export function AccountMenu({ isCompact }: { isCompact: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSessionStore((state) => state.session);
  const kind = useSessionStore((state) => state.kind);
  const openDialog = useDialogStore((state) => state.openDialog);
  const hasWallet = useHasWallet();
  const linkedPages = useLinkedPages();
  const panel = useRef<HTMLDivElement>(null);
  const [isOpen, setOpen] = useState(false);
  if (!session || session.memberId <= 0) return null;
  const isPartner = isPartnerSession(session);
  const isDemo = kind === 'demo';
  const name = displayName(session, t);
  const home = isCompact ? '/mini' : '';

  /** Closes the menu, then does what the item says. */
  const item = (action: () => void) => () => {
    panel.current?.hidePopover();
    action();
  };

  return (
    <div className="account-menu">
      <button
        type="button"
        className="account-menu__button"
        popoverTarget={menuId}
        aria-label={t('header.menu')}
        aria-expanded={isOpen}
        title={t('header.menu')}
        data-testid="account-menu-open"
      >
        <span className="account-menu__icon" aria-hidden="true" />
      </button>
      <div
        id={menuId}
        ref={panel}
        popover="auto"
        className="account-menu__panel"
        onToggle={(event) => setOpen(event.newState === 'open')}
        data-testid="account-menu"
      >
        {isOpen ? (
          <>
            <div className="account-menu__who">
              <span className="account-menu__name">{name}</span>
              <span className="account-menu__id">
                {t('header.memberId')} {session.memberId}
              </span>
              {isDemo ? <span className="badge badge--demo">{t('header.demo')}</span> : null}
              {isPartner ? <PartnerBadge channel={session.channel} /> : null}
            </div>
            <div className="account-menu__items">
              {hasWallet ? (
                <button
                  type="button"
                  className="account-menu__item"
                  onClick={item(() => useWalletScreenStore.getState().open())}
                  data-testid="account-menu-wallet"
                >
                  {t('walletUi.open')}
                </button>
              ) : null}
              {linkedPages.map((page) => (
                <button
                  key={page.path}
                  type="button"
                  className="account-menu__item"
                  onClick={item(() => void navigate(`${home}/${page.path}`))}
                  data-testid={`account-menu-${page.path}`}
                >
                  {t(page.navText)}
                </button>
              ))}
              <button
                type="button"
                className="account-menu__item"
                onClick={item(() => {
                  void navigate(`${home}/index`);
                  useSlipViewStore.getState().openSheet('my-bets');
                })}
                data-testid="account-menu-my-bets"
              >
                {t('slip.tabMyBets')}
              </button>
            </div>
            {isDemo || isPartner ? null : (
              <div className="account-menu__items">
                <p className="account-menu__heading">{t('layout.settings')}</p>
                <button
                  type="button"
                  className="account-menu__item"
                  onClick={item(() => openDialog('account-switch'))}
                  data-testid="account-menu-switch"
                >
                  {t('header.switchAccount')}
                </button>
                <button
                  type="button"
                  className="account-menu__item"
                  onClick={item(() => openDialog('password-change'))}
                  data-testid="account-menu-password"
                >
                  {t('header.changePassword')}
                </button>
              </div>
            )}
            <div className="account-menu__items">
              <LanguageSelect isLabelShown testId="account-menu-language" />
              <button
                type="button"
                className="button button--secondary account-menu__logout"
                onClick={item(() => void logout())}
                data-testid="account-menu-logout"
              >
                {t('header.logout')}
              </button>
            </div>
          </>
        ) : null}
      </div>
    </div>
  );
}
