import type { WithdrawAccount, WithdrawChannel } from '@sb/contract';
import { formatDisplayAmount } from '@sb/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { refreshWalletBalance } from '../../../lib/balance/wallet-balance';
import { showToast } from '../../../lib/toast-store';
import { newIdempotencyKey } from '../api/idempotency';
import {
  createWithdrawal,
  useBankList,
  usePayoutAccounts,
  withdrawQueryKeys,
} from '../api/withdraw-calls';
import { majorUnitsText } from '../model/deposit-amount';
import { withdrawChannelName } from '../model/pay-method-names';
import { accountsForChannel } from '../model/payout-account-groups';
import {
  acceptWithdrawInput,
  decimalToMinor,
  maxWithdrawable,
  noAccountWithdrawType,
  withdrawDisabledReason,
} from '../model/withdraw-amount';
import { useWalletScreenStore } from '../store/wallet-screen-store';
import { PasswordPad, SetPasswordPad } from './password-pad';
import { useWalletMember } from './wallet-context';
import { BalanceLine, ChoiceChips, CurrencyLabel, useBalanceOf } from './wallet-widgets';
import { WithdrawAccountRow } from './withdraw-account-row';
import { type SubmittedWithdrawal, WithdrawConfirmation } from './withdraw-confirmation';

/** SPEC §8: the lock code. */
const withdrawLockedCode = 5023;

/**
 * SPEC §2 withdraw panel: the channels from the bank list, the saved-account dropdown from
 * `/app/api/withdraw/account`.
 */
export function WithdrawPanel() {
  const { t } = useTranslation();
  const bankList = useBankList();
  const accountList = usePayoutAccounts();
  const channels = bankList.data ?? [];
  const [merchantCode, setMerchantCode] = useState<number | null>(null);
  const [channelId, setChannelId] = useState<number | null>(null);
  const merchantCodes = [...new Set(channels.map((channel) => channel.merchantCode))];
  const type = merchantCode ?? merchantCodes[0] ?? null;
  const ofType = channels.filter((channel) => channel.merchantCode === type);
  const channel = ofType.find((entry) => entry.channelId === channelId) ?? ofType[0];

  if (bankList.isPending || accountList.isPending)
    return <p className="wallet-note">{t('common.loading')}</p>;
  if (!channel) return <p className="wallet-note">{t('walletUi.withdraw.noChannels')}</p>;

  return (
    <div className="wallet-form" data-testid="withdraw-form">
      <ChoiceChips
        asTabs
        options={merchantCodes}
        chosen={type}
        onChoose={(code) => {
          setMerchantCode(code);
          setChannelId(null);
        }}
        label={(code) => t(`walletUi.withdrawTypes.${code}`, { defaultValue: String(code) })}
        testId="withdraw-type"
        dataOf={(code) => ({ 'data-merchant-code': code })}
      />
      <div className="wallet-row">
        <span className="wallet-row__label">{t('walletUi.withdraw.channel')}</span>
        <ChoiceChips
          options={ofType.map((entry) => entry.channelId)}
          chosen={channel.channelId}
          onChoose={setChannelId}
          label={(id) => {
            const entry = ofType.find((candidate) => candidate.channelId === id);
            return entry ? (
              <CurrencyLabel code={entry.currencyCode}>
                {`${withdrawChannelName(t, entry)} · ${entry.currencyCode}`}
              </CurrencyLabel>
            ) : (
              id
            );
          }}
          testId="withdraw-channel"
        />
      </div>
      <WithdrawForm
        key={channel.channelId}
        channel={channel}
        accounts={accountsForChannel(accountList.data ?? [], channel)}
      />
    </div>
  );
}

function WithdrawForm({
  channel,
  accounts,
}: {
  channel: WithdrawChannel;
  /** The member's saved accounts of the channel's type, oldest first. */
  accounts: WithdrawAccount[];
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { hasWithdrawPassword } = useWalletMember();
  const isLocked = useWalletScreenStore((state) => state.isWithdrawLocked);
  const markLocked = useWalletScreenStore((state) => state.markWithdrawLocked);
  const balance = useBalanceOf(channel.currencyId);
  // The first account until the member picks one; a removed pick falls back to it too.
  const [pickedAccountId, setAccountId] = useState<number | null>(null);
  const accountId =
    accounts.find((account) => account.accountId === pickedAccountId)?.accountId ??
    (pickedAccountId === 0 ? 0 : (accounts[0]?.accountId ?? 0));
  const [amountText, setAmountText] = useState('');
  const [isPadOpen, setPadOpen] = useState(false);
  const [isSetPadDismissed, setSetPadDismissed] = useState(false);
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const [isSubmitting, setSubmitting] = useState(false);
  const [submitted, setSubmitted] = useState<SubmittedWithdrawal | null>(null);

  const available = balance?.available ?? 0;
  const cap = maxWithdrawable(available, channel);
  const amountMinor = decimalToMinor(amountText, channel.scale);
  const needsAccount = channel.merchantCode !== noAccountWithdrawType;
  const hasAccount = accounts.some((account) => account.accountId === accountId);
  const belowMinimum = amountMinor !== null && amountMinor < channel.minAmount;
  const disabledReason = withdrawDisabledReason({
    isLocked,
    availableMinor: available,
    amountMinor,
    hasAccount,
    merchantCode: channel.merchantCode,
    hasError: false,
    minAmount: channel.minAmount,
  });

  const changeAmount = (next: string) => {
    const accepted = acceptWithdrawInput(amountText, next, channel.scale);
    const minor = decimalToMinor(accepted, channel.scale);
    // SPEC §5: the amount is capped at the smaller of the available balance and the maximum.
    setAmountText(minor !== null && minor > cap ? majorUnitsText(cap, channel.scale) : accepted);
    setIdempotencyKey(newIdempotencyKey());
    // A new amount starts a new withdrawal: the last one's confirmation has been read.
    setSubmitted(null);
  };

  const submit = async (password: string) => {
    setPadOpen(false);
    if (amountMinor === null) return;
    if (!channel.channelId || !channel.payTypeId) {
      showToast('error', t('walletUi.withdraw.missingChannel'));
      return;
    }
    setSubmitting(true);
    try {
      const message = await createWithdrawal(
        {
          scale: channel.scale,
          amount: amountMinor,
          accountId: needsAccount ? accountId : 0,
          channelId: channel.channelId,
          payTypeId: channel.payTypeId,
          password,
        },
        idempotencyKey,
      );
      setSubmitted({
        message,
        amountMinor,
        scale: channel.scale,
        currencyCode: channel.currencyCode,
      });
      setAmountText('');
      setIdempotencyKey(newIdempotencyKey());
      void refreshWalletBalance(queryClient);
      void queryClient.invalidateQueries({ queryKey: withdrawQueryKeys.history });
    } catch (error) {
      if (error instanceof ApiError && error.code === withdrawLockedCode) markLocked();
      else if (error instanceof ApiError && !error.message)
        showToast('error', t('walletUi.withdraw.failed'));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <>
      {submitted ? <WithdrawConfirmation submitted={submitted} /> : null}
      {isLocked ? (
        <p className="wallet-alert" role="alert" data-testid="withdraw-locked">
          {t('walletUi.withdraw.locked')}
        </p>
      ) : null}
      {needsAccount ? (
        <WithdrawAccountRow
          channel={channel}
          accounts={accounts}
          accountId={hasAccount ? accountId : 0}
          onPick={setAccountId}
        />
      ) : (
        <p className="wallet-note">{t('walletUi.withdraw.noAccountNeeded')}</p>
      )}
      <BalanceLine currencyId={channel.currencyId} testId="withdraw-balance" />
      {balance && balance.frozen > 0 ? (
        <p className="wallet-note" data-testid="withdraw-frozen">
          {t('walletUi.withdraw.frozen', {
            amount: formatDisplayAmount(balance.frozen, balance.scale),
            currency: balance.currencyCode,
          })}
        </p>
      ) : null}
      <div className={belowMinimum ? 'field field--invalid' : 'field'}>
        <label className="field__label" htmlFor="withdraw-amount">
          {t('walletUi.withdraw.amount')} ({channel.currencyCode})
        </label>
        <div className="wallet-amount">
          <input
            id="withdraw-amount"
            className="field__input"
            inputMode="decimal"
            value={amountText}
            placeholder={t('walletUi.withdraw.amountPlaceholder')}
            onChange={(event) => changeAmount(event.target.value)}
            data-testid="withdraw-amount"
          />
          <button
            type="button"
            className="wallet-link"
            disabled={cap <= 0}
            onClick={() => changeAmount(majorUnitsText(cap, channel.scale))}
            data-testid="withdraw-all"
          >
            {t('walletUi.balance.all')}
          </button>
        </div>
        <p className={belowMinimum ? 'field__error' : 'field__hint'} data-testid="withdraw-range">
          {belowMinimum
            ? t('walletUi.withdraw.belowMinimum', {
                amount: formatDisplayAmount(channel.minAmount, channel.scale),
              })
            : t('walletUi.withdraw.range', {
                min: formatDisplayAmount(channel.minAmount, channel.scale),
                max: formatDisplayAmount(channel.maxAmount, channel.scale),
              })}
        </p>
      </div>
      <button
        type="button"
        className="button button--primary wallet-submit"
        disabled={disabledReason !== null || isSubmitting}
        data-disabled-reason={disabledReason ?? ''}
        onClick={() => setPadOpen(true)}
        data-testid="withdraw-submit"
      >
        {t('walletUi.withdraw.submit')}
      </button>
      {isPadOpen ? (
        <PasswordPad
          onConfirm={(password) => void submit(password)}
          onCancel={() => setPadOpen(false)}
        />
      ) : null}
      {!hasWithdrawPassword && !isSetPadDismissed ? (
        <SetPasswordPad
          onDone={() => setSetPadDismissed(true)}
          onCancel={() => setSetPadDismissed(true)}
        />
      ) : null}
    </>
  );
}
