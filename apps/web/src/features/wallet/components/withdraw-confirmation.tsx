import { formatDisplayAmount } from '@sb/domain';
import { useTranslation } from 'react-i18next';
import { useWalletScreenStore } from '../store/wallet-screen-store';

/** A withdrawal the server took: its confirmation message and what it froze. */
export interface SubmittedWithdrawal {
  /** SPEC §7: createWithdraw's confirmation message, with the order number. */
  message: string;
  amountMinor: number;
  scale: number;
  currencyCode: string;
}

/**
 * Says that the withdrawal went through, in the panel where the member pressed, until they start
 * another: a toast alone was gone before a member looking at the cleared form could read it.
 */
export function WithdrawConfirmation({ submitted }: { submitted: SubmittedWithdrawal }) {
  const { t } = useTranslation();
  const openHistory = useWalletScreenStore((state) => state.openHistory);
  return (
    <div className="wallet-confirmation" role="status" data-testid="withdraw-confirmation">
      <strong className="wallet-confirmation__title" data-testid="withdraw-confirmation-message">
        {submitted.message}
      </strong>
      <p className="wallet-confirmation__text">
        {t('walletUi.withdraw.submittedFrozen', {
          amount: formatDisplayAmount(submitted.amountMinor, submitted.scale),
          currency: submitted.currencyCode,
        })}
      </p>
      <button
        type="button"
        className="wallet-link"
        onClick={() => openHistory('withdraw')}
        data-testid="withdraw-confirmation-history"
      >
        {t('walletUi.withdraw.submittedHistory')}
      </button>
    </div>
  );
}
