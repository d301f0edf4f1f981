import { maskAccountNumber, maxPayoutAccountsPerType } from '@sb/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast-store';
import {
  refreshPayoutAccounts,
  removePayoutAccount,
  useBankList,
  usePayoutAccounts,
} from '../api/withdraw-calls';
import { payoutAccountLabel, withdrawChannelName } from '../model/pay-method-names';
import { groupPayoutAccounts, type PayoutAccountGroup } from '../model/payout-account-groups';
import { useWalletScreenStore, walletTabIndex } from '../store/wallet-screen-store';
import { AddAccountForm } from './add-account-form';

/**
 * SPEC §2 my accounts: saved payout accounts grouped by type, with delete and add. The accounts
 * come from `/app/api/withdraw/account`, the channels (which types exist, the add form) from the
 * bank list; both are read again after an add or a delete.
 */
export function PayoutAccounts() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const bankList = useBankList();
  const accountList = usePayoutAccounts();
  const addAccountType = useWalletScreenStore((state) => state.addAccountType);
  const requestAddAccount = useWalletScreenStore((state) => state.requestAddAccount);
  const selectTab = useWalletScreenStore((state) => state.selectTab);

  if (bankList.isPending || accountList.isPending)
    return <p className="wallet-note">{t('common.loading')}</p>;
  if (bankList.isError || accountList.isError) {
    return (
      <div className="wallet-accounts" data-testid="accounts-error">
        <p className="wallet-note">{t('walletUi.accounts.loadFailed')}</p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void refreshPayoutAccounts(queryClient)}
        >
          {t('walletUi.accounts.retry')}
        </button>
      </div>
    );
  }
  const groups = groupPayoutAccounts(bankList.data, accountList.data);
  const adding = groups.find((group) => group.merchantCode === addAccountType && group.canAdd);
  if (adding?.channel) {
    return <AddAccountForm channel={adding.channel} onClose={() => requestAddAccount(null)} />;
  }

  const remove = async (accountId: number) => {
    try {
      await removePayoutAccount(accountId);
      showToast('success', t('walletUi.accounts.removed'));
    } catch {
      showToast('error', t('walletUi.accounts.removeFailed'));
    }
    await refreshPayoutAccounts(queryClient);
  };

  return (
    <div className="wallet-accounts" data-testid="accounts">
      <button
        type="button"
        className="wallet-link"
        onClick={() => selectTab(walletTabIndex.withdraw)}
        data-testid="accounts-back"
      >
        ‹ {t('walletUi.accounts.back')}
      </button>
      {groups.map((group) => (
        <AccountGroup
          key={group.merchantCode}
          group={group}
          onAdd={() => requestAddAccount(group.merchantCode)}
          onRemove={remove}
        />
      ))}
      <p className="wallet-warning" data-testid="accounts-warning">
        {t('walletUi.accounts.warning')}
      </p>
    </div>
  );
}

function AccountGroup(props: {
  group: PayoutAccountGroup;
  onAdd(): void;
  onRemove(accountId: number): Promise<void>;
}) {
  const { t } = useTranslation();
  const { group } = props;
  const typeName = withdrawChannelName(t, { merchantCode: group.merchantCode });
  return (
    <section
      className="wallet-account-group"
      data-testid="account-group"
      data-merchant-code={group.merchantCode}
    >
      <header className="wallet-account-group__header">
        <h3 className="wallet-subtitle">
          {typeName}{' '}
          <span className="wallet-note" data-testid="account-group-count">
            ({group.accounts.length}/{maxPayoutAccountsPerType})
          </span>
        </h3>
        {group.channel ? (
          <button
            type="button"
            className="wallet-link"
            disabled={!group.canAdd}
            title={group.canAdd ? undefined : t('walletUi.accounts.full')}
            onClick={props.onAdd}
            data-testid="account-add"
          >
            + {t('walletUi.accounts.add')}
          </button>
        ) : null}
      </header>
      {group.accounts.length === 0 ? (
        <p className="wallet-note">{t('walletUi.accounts.empty')}</p>
      ) : (
        <ul className="wallet-account-list">
          {group.accounts.map((account) => (
            <li key={account.accountId} data-testid="account-item">
              <span data-testid="account-label">
                {payoutAccountLabel(t, account, group.channel)}
              </span>
              <code data-testid="account-number">{maskAccountNumber(account.bankNo)}</code>
              <span>{account.realName ?? ''}</span>
              <button
                type="button"
                className="wallet-link wallet-link--danger"
                onClick={() => void props.onRemove(account.accountId)}
                data-testid="account-delete"
              >
                {t('walletUi.accounts.delete')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
