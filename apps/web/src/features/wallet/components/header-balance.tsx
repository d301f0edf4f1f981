import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type BalanceOwner, refreshWalletBalance, useWalletBalance } from '../api/wallet-balance';
import { currentBalance, displayAvailable } from '../model/balance-map';

/**
 * The header balance of a member or demo player: the current currency's code and available
 * amount, and a button that reads it again (spinning while a read is under way).
 */
export function HeaderBalance({ owner }: { owner: BalanceOwner }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const balance = useWalletBalance(owner);
  const current = balance.data ? currentBalance(balance.data, owner.assetID) : undefined;
  const isLoading = balance.isFetching;

  return (
    <div className="balance">
      <span className="balance__label">{t('header.balance')}</span>
      <span className="balance__currency" data-testid="balance-currency">
        {current?.currencyCode ?? owner.currencyCode}
      </span>
      <strong className="balance__amount" data-testid="balance">
        {current ? displayAvailable(current) : '--'}
      </strong>
      <button
        type="button"
        className={isLoading ? 'balance__refresh is-spinning' : 'balance__refresh'}
        disabled={isLoading}
        aria-busy={isLoading}
        aria-label={t('wallet.refresh')}
        title={t('wallet.refresh')}
        onClick={() => void refreshWalletBalance(queryClient)}
        data-testid="balance-refresh"
      >
        <span className="balance__refresh-icon" aria-hidden="true">
          ↻
        </span>
      </button>
    </div>
  );
}
