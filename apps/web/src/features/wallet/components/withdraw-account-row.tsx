import type { WithdrawAccount, WithdrawChannel } from '@sb/contract';
import { maskAccountNumber, maxPayoutAccountsPerType } from '@sb/domain';
import { useTranslation } from 'react-i18next';
import { payoutAccountLabel } from '../model/pay-method-names';
import { useWalletScreenStore, walletTabIndex } from '../store/wallet-screen-store';

/**
 * SPEC §2: the saved-account dropdown of a channel, numbers masked, with the add link (or, at
 * SPEC's three accounts, a link to manage them).
 */
export function WithdrawAccountRow({
  channel,
  accounts,
  accountId,
  onPick,
}: {
  channel: WithdrawChannel;
  accounts: WithdrawAccount[];
  /** The account chosen, 0 for none. */
  accountId: number;
  onPick(accountId: number): void;
}) {
  const { t } = useTranslation();
  const selectTab = useWalletScreenStore((state) => state.selectTab);
  const requestAddAccount = useWalletScreenStore((state) => state.requestAddAccount);
  const isAtAccountLimit = accounts.length >= maxPayoutAccountsPerType;
  const goToAccounts = (addType: number | null) => {
    requestAddAccount(addType);
    selectTab(walletTabIndex.accounts);
  };
  return (
    <div className="wallet-row">
      <label className="wallet-row__label" htmlFor="withdraw-account">
        {t('walletUi.withdraw.account')}
      </label>
      <select
        id="withdraw-account"
        className="field__input"
        value={accountId}
        onChange={(event) => onPick(Number(event.target.value))}
        data-testid="withdraw-account"
      >
        <option value={0}>{t('walletUi.withdraw.chooseAccount')}</option>
        {accounts.map((account) => (
          <option key={account.accountId} value={account.accountId}>
            {payoutAccountLabel(t, account, channel)} {maskAccountNumber(account.bankNo)}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="wallet-link"
        onClick={() => goToAccounts(isAtAccountLimit ? null : channel.merchantCode)}
        data-testid={isAtAccountLimit ? 'withdraw-edit-account' : 'withdraw-add-account'}
      >
        {isAtAccountLimit ? t('walletUi.withdraw.editAccount') : t('walletUi.withdraw.addAccount')}
      </button>
    </div>
  );
}
