import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useWalletScreenStore, walletTabs } from '../store/wallet-screen-store';
import { CenterWallet } from './center-wallet';
import { DepositTab } from './deposit-tab';
import { FundsHistory } from './funds-history';
import { MoneyOutGate } from './money-out-gate';
import { PayoutAccounts } from './payout-accounts';
import { type WalletMember, WalletMemberContext } from './wallet-context';
import { WithdrawPanel } from './withdraw-panel';
import { WithdrawPasswordForm } from './withdraw-password-form';
import '../wallet.css';

function TabContent({ tabIndex }: { tabIndex: number }) {
  switch (walletTabs[tabIndex]) {
    case 'withdraw':
      return (
        <MoneyOutGate>
          <WithdrawPanel />
        </MoneyOutGate>
      );
    case 'history':
      return <FundsHistory />;
    case 'accounts':
      return (
        <MoneyOutGate>
          <PayoutAccounts />
        </MoneyOutGate>
      );
    case 'password':
      return (
        <MoneyOutGate>
          <WithdrawPasswordForm />
        </MoneyOutGate>
      );
    case 'balances':
      return <CenterWallet />;
    default:
      return <DepositTab />;
  }
}

/** SPEC §2 wallet screen: six tabs on the left, a breadcrumb and the selected tab. */
export function WalletPopup({ member }: { member: WalletMember }) {
  const { t } = useTranslation();
  const tabIndex = useWalletScreenStore((state) => state.tabIndex);
  const selectTab = useWalletScreenStore((state) => state.selectTab);
  const close = useWalletScreenStore((state) => state.close);
  const tab = walletTabs[tabIndex] ?? 'deposit';
  const activeTab = useRef<HTMLButtonElement | null>(null);

  // On a phone the menu is a row that scrolls sideways; the selected tab (restored from session
  // storage, or chosen by a jump such as withdraw's add-account) is brought into view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again whenever the tab changes.
  useEffect(() => {
    activeTab.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [tabIndex]);

  useEffect(() => {
    const closeOnEscape = (event: KeyboardEvent) => {
      // The password pad takes its own keys; Escape closes the wallet only when no pad is open.
      if (event.key === 'Escape' && !document.querySelector('.wallet-pad')) close();
    };
    window.addEventListener('keydown', closeOnEscape);
    return () => window.removeEventListener('keydown', closeOnEscape);
  }, [close]);

  return (
    <WalletMemberContext.Provider value={member}>
      <div className="modal-backdrop">
        <div
          className="modal wallet"
          role="dialog"
          aria-modal="true"
          aria-label={t('walletUi.title')}
          data-testid="wallet"
        >
          <nav className="wallet__menu scroll-row" aria-label={t('walletUi.title')}>
            {walletTabs.map((name, index) => (
              <button
                key={name}
                type="button"
                className={index === tabIndex ? 'wallet__tab is-active' : 'wallet__tab'}
                aria-current={index === tabIndex ? 'page' : undefined}
                ref={index === tabIndex ? activeTab : undefined}
                onClick={() => selectTab(index)}
                data-testid="wallet-tab"
                data-index={index}
              >
                {t(`walletUi.tabs.${name}`)}
              </button>
            ))}
          </nav>
          <section className="wallet__main">
            <header className="wallet__header">
              <p className="wallet__breadcrumb" data-testid="wallet-breadcrumb">
                {t('walletUi.title')} <span aria-hidden="true">›</span> {t(`walletUi.tabs.${tab}`)}
              </p>
              <button
                type="button"
                className="modal__close"
                aria-label={t('common.close')}
                onClick={close}
                data-testid="wallet-close"
              >
                ×
              </button>
            </header>
            <div className="wallet__body">
              <TabContent tabIndex={tabIndex} />
            </div>
          </section>
        </div>
      </div>
    </WalletMemberContext.Provider>
  );
}
