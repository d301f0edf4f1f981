import type { WithdrawChannel } from '@sb/contract';
import { maxPayoutAccountsPerType, typeTakesPayoutAccount } from '@sb/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast-store';
import { removePayoutAccount, useBankList, withdrawQueryKeys } from '../api/withdraw-calls';
import { maskAccountNumber } from '../model/masking';
import { useWalletScreenStore, walletTabIndex } from '../store/wallet-screen-store';
import { AddAccountForm } from './add-account-form';

/** SPEC §2 my accounts: saved payout accounts grouped by type, with delete and add. */
export function PayoutAccounts() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const bankList = useBankList();
  const addAccountType = useWalletScreenStore((state) => state.addAccountType);
  const requestAddAccount = useWalletScreenStore((state) => state.requestAddAccount);
  const selectTab = useWalletScreenStore((state) => state.selectTab);
  const channels = (bankList.data ?? []).filter((channel) =>
    typeTakesPayoutAccount(channel.merchantCode),
  );
  const adding = channels.find((channel) => channel.merchantCode === addAccountType);

  if (bankList.isPending) return <p className="wallet-note">{t('common.loading')}</p>;
  if (adding) {
    return <AddAccountForm channel={adding} onClose={() => requestAddAccount(null)} />;
  }

  const remove = async (accountId: number) => {
    try {
      await removePayoutAccount(accountId);
      showToast('success', t('walletUi.accounts.removed'));
    } catch {
      showToast('error', t('walletUi.accounts.removeFailed'));
    }
    await queryClient.invalidateQueries({ queryKey: withdrawQueryKeys.bankList });
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
      {channels.map((channel) => (
        <AccountGroup
          key={channel.channelId}
          channel={channel}
          onAdd={() => requestAddAccount(channel.merchantCode)}
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
  channel: WithdrawChannel;
  onAdd(): void;
  onRemove(accountId: number): Promise<void>;
}) {
  const { t } = useTranslation();
  const { channel } = props;
  const isFull = channel.holds >= maxPayoutAccountsPerType;
  return (
    <section
      className="wallet-account-group"
      data-testid="account-group"
      data-merchant-code={channel.merchantCode}
    >
      <header className="wallet-account-group__header">
        <h3 className="wallet-subtitle">
          {t(`walletUi.withdrawTypes.${channel.merchantCode}`, {
            defaultValue: channel.payTypeName,
          })}{' '}
          <span className="wallet-note">
            ({channel.holds}/{maxPayoutAccountsPerType})
          </span>
        </h3>
        <button
          type="button"
          className="wallet-link"
          disabled={isFull}
          title={isFull ? t('walletUi.accounts.full') : undefined}
          onClick={props.onAdd}
          data-testid="account-add"
        >
          + {t('walletUi.accounts.add')}
        </button>
      </header>
      {channel.accounts.length === 0 ? (
        <p className="wallet-note">{t('walletUi.accounts.empty')}</p>
      ) : (
        <ul className="wallet-account-list">
          {channel.accounts.map((account) => (
            <li key={account.accountId} data-testid="account-item">
              <span>{account.name ?? account.payTypeName}</span>
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
