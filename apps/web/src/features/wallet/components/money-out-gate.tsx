import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useWalletMember } from './wallet-context';

/**
 * The withdraw, my-accounts and withdrawal-password tabs, or in their place why they are closed
 * to this member: the server would refuse every call they make, so none is made.
 */
export function MoneyOutGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { moneyOutBlock, onSetOwnPassword } = useWalletMember();
  if (moneyOutBlock === null) return children;
  if (moneyOutBlock === 'partner') {
    return (
      <p className="wallet-note" data-testid="money-out-partner">
        {t('walletUi.gate.partner')}
      </p>
    );
  }
  return (
    <div className="wallet-gate" data-testid="money-out-own-password">
      <p className="wallet-gate__note" role="status">
        {t('walletUi.gate.ownPassword')}
      </p>
      <button
        type="button"
        className="button button--primary wallet-gate__action"
        onClick={onSetOwnPassword}
        data-testid="money-out-set-password"
      >
        {t('walletUi.gate.setPassword')}
      </button>
    </div>
  );
}
