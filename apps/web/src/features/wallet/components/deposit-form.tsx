import type { PayType } from '@sb/contract';
import { formatDisplayAmount } from '@sb/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refreshWalletBalance } from '../../../lib/balance/wallet-balance';
import { createCollectionOrder, createHostedDeposit, usePayTypes } from '../api/deposit-calls';
import { newIdempotencyKey } from '../api/idempotency';
import {
  acceptDepositInput,
  depositAmountMinor,
  depositRangeProblem,
  isDepositDisabled,
  majorUnitsText,
} from '../model/deposit-amount';
import { depositWayName } from '../model/pay-method-names';
import { storeCollectionOrder, useWalletScreenStore } from '../store/wallet-screen-store';
import { AddressDeposit } from './address-deposit';
import { HostedPayPage } from './hosted-pay-page';
import { BalanceLine, ChoiceChips, CurrencyLabel } from './wallet-widgets';

const collectionType = 2;
const addressType = 5;
const conversionType = 8;
const digitalCurrencyType = 1;

/** Largest whole major amount within a pay type's maximum, for the 'all' shortcut. */
function maxWholeAmount(payType: PayType): string {
  const whole = majorUnitsText(payType.maxAmount, payType.scale).split('.')[0] ?? '';
  return whole === '0' ? '' : whole;
}

/** SPEC §2 deposit panel: type, currency, way, amount with quick chips, deposit button. */
export function DepositForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const payTypes = usePayTypes();
  const setDepositView = useWalletScreenStore((state) => state.setDepositView);
  const [merchantCode, setMerchantCode] = useState<number | null>(null);
  const [currencyCode, setCurrencyCode] = useState<string | null>(null);
  const [payTypeId, setPayTypeId] = useState<number | null>(null);
  const [amountText, setAmountText] = useState('');
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const [payUrl, setPayUrl] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);

  const all = payTypes.data ?? [];
  const merchantCodes = useMemo(
    () => [...new Set(all.map((entry) => entry.merchantCode))].sort((a, b) => a - b),
    [all],
  );
  const type = merchantCode ?? merchantCodes[0] ?? null;
  const ofType = all.filter((entry) => entry.merchantCode === type);
  // SPEC §2: the currency choice is hidden for type 1, whose ways are the coins themselves.
  const currencies = [...new Set(ofType.map((entry) => entry.currencyCode))];
  const currency =
    type === digitalCurrencyType
      ? null
      : ((currencyCode && currencies.includes(currencyCode) ? currencyCode : currencies[0]) ??
        null);
  const ways = ofType.filter((entry) => currency === null || entry.currencyCode === currency);
  const payType = ways.find((entry) => entry.payTypeId === payTypeId) ?? ways[0];

  const rangeProblem = payType ? depositRangeProblem(amountText, payType) : null;
  const isDisabled =
    !payType ||
    isSubmitting ||
    isDepositDisabled({ merchantCode: type ?? 0, amountText, hasError: rangeProblem !== null });

  const resetAmount = () => {
    setAmountText('');
    setIdempotencyKey(newIdempotencyKey());
  };
  const changeAmount = (next: string) => {
    setAmountText((previous) => acceptDepositInput(previous, next));
    setIdempotencyKey(newIdempotencyKey());
  };

  const submit = async () => {
    if (!payType) return;
    const amount = depositAmountMinor(amountText, payType.scale) ?? payType.minAmount;
    setSubmitting(true);
    try {
      if (payType.merchantCode === collectionType) {
        const order = await createCollectionOrder(
          { scale: payType.scale, payTypeId: payType.payTypeId, amount },
          idempotencyKey,
        );
        storeCollectionOrder(order);
        setDepositView({ kind: 'payResult', order });
      } else {
        const url = await createHostedDeposit(
          {
            scale: payType.scale,
            payTypeId: payType.payTypeId,
            amount,
            toCurrencyId: payType.toCurrencyId,
          },
          idempotencyKey,
        );
        setPayUrl(url);
      }
      resetAmount();
    } catch {
      // The API client has shown the server's message; the form keeps what was typed.
    } finally {
      setSubmitting(false);
    }
  };

  if (payTypes.isPending) return <p className="wallet-note">{t('common.loading')}</p>;
  if (merchantCodes.length === 0)
    return <p className="wallet-note">{t('walletUi.deposit.noTypes')}</p>;

  if (payUrl) {
    return (
      <HostedPayPage
        url={payUrl}
        onClose={() => {
          setPayUrl(null);
          void refreshWalletBalance(queryClient);
        }}
      />
    );
  }

  return (
    <div className="wallet-form" data-testid="deposit-form">
      <ChoiceChips
        asTabs
        options={merchantCodes}
        chosen={type}
        onChoose={(code) => {
          setMerchantCode(code);
          setPayTypeId(null);
          resetAmount();
        }}
        label={(code) => t(`walletUi.depositTypes.${code}`, { defaultValue: String(code) })}
        testId="deposit-type"
        dataOf={(code) => ({ 'data-merchant-code': code })}
      />

      {currency !== null && currencies.length > 0 ? (
        <div className="wallet-row">
          <span className="wallet-row__label">{t('walletUi.deposit.currency')}</span>
          <ChoiceChips
            options={currencies}
            chosen={currency}
            onChoose={(code) => {
              setCurrencyCode(code);
              setPayTypeId(null);
              resetAmount();
            }}
            label={(code) => <CurrencyLabel code={code} />}
            testId="deposit-currency"
          />
        </div>
      ) : null}

      <div className="wallet-row">
        <span className="wallet-row__label">
          {type === conversionType
            ? t('walletUi.deposit.targetCurrency')
            : t('walletUi.deposit.way')}
        </span>
        <ChoiceChips
          options={ways.map((way) => way.payTypeId)}
          chosen={payType?.payTypeId}
          onChoose={(id) => {
            setPayTypeId(id);
            resetAmount();
          }}
          label={(id) => {
            const way = ways.find((entry) => entry.payTypeId === id);
            if (!way) return id;
            // A conversion is chosen by its target currency; a coin's way names the coin itself.
            if (type === conversionType) return <CurrencyLabel code={way.toCurrencyCode} />;
            if (type === digitalCurrencyType || type === addressType)
              return <CurrencyLabel code={way.payTypeName} />;
            return depositWayName(t, way);
          }}
          testId="deposit-way"
          dataOf={(id) => ({ 'data-pay-type-id': id })}
        />
      </div>

      {payType && type === addressType ? <AddressDeposit payType={payType} /> : null}

      {payType && type !== addressType ? (
        <>
          {type === conversionType ? (
            <p className="wallet-note">
              {t('walletUi.deposit.rate', {
                from: payType.currencyCode,
                rate: payType.rate,
                to: payType.toCurrencyCode,
              })}
            </p>
          ) : null}
          <BalanceLine currencyId={payType.toCurrencyId} testId="deposit-balance" />
          <div className={rangeProblem ? 'field field--invalid' : 'field'}>
            <label className="field__label" htmlFor="deposit-amount">
              {t('walletUi.deposit.amount')} ({payType.currencyCode})
            </label>
            <div className="wallet-amount">
              <input
                id="deposit-amount"
                className="field__input"
                inputMode="numeric"
                value={amountText}
                placeholder={`${t('walletUi.deposit.amountPlaceholder')}: ${majorUnitsText(payType.minAmount, payType.scale)} ~ ${majorUnitsText(payType.maxAmount, payType.scale)}`}
                onChange={(event) => changeAmount(event.target.value)}
                data-testid="deposit-amount"
              />
              <button
                type="button"
                className="wallet-link"
                onClick={() => changeAmount(maxWholeAmount(payType))}
                data-testid="deposit-all"
              >
                {t('walletUi.balance.all')}
              </button>
            </div>
            {rangeProblem ? (
              <p className="field__error" data-testid="deposit-amount-error">
                {t('walletUi.deposit.amountRange')} {rangeProblem}
              </p>
            ) : null}
          </div>
          <div className="wallet-chips">
            {payType.quicks.map((quick) => (
              <button
                key={quick}
                type="button"
                className="wallet-chip wallet-chip--quick"
                onClick={() =>
                  changeAmount(majorUnitsText(quick, payType.scale).split('.')[0] ?? '')
                }
                data-testid="deposit-quick"
              >
                {formatDisplayAmount(quick, payType.scale).replace(/\.00$/, '')}
              </button>
            ))}
          </div>
          <button
            type="button"
            className="button button--primary wallet-submit"
            disabled={isDisabled}
            onClick={() => void submit()}
            data-testid="deposit-submit"
          >
            {t('walletUi.deposit.submit')}
          </button>
        </>
      ) : null}
    </div>
  );
}
