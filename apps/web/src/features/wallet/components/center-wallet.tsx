import {
  type BalanceEntry,
  loanBorrow,
  loanRecordList,
  loanRecordType,
  loanRepay,
} from '@sb/contract';
import { formatDisplayAmount } from '@sb/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CountUpAmount } from '../../../components/count-up-amount';
import { CurrencyIcon } from '../../../components/currency-icon';
import { callApi } from '../../../lib/api-client';
import { refreshWalletBalance, useWalletBalance } from '../../../lib/balance/wallet-balance';
import { useActiveBonuses } from '../api/bonus-calls';
import { newIdempotencyKey, withIdempotencyKey } from '../api/idempotency';
import { usePlayCurrency } from '../hooks/use-play-currency';
import { balancePartsOf } from '../model/balance-parts';
import { formatDisplayTime } from '../model/display-time';
import { activeBonusesOf } from '../model/rollover';
import { acceptWithdrawInput, decimalToMinor } from '../model/withdraw-amount';
import { BonusRollover } from './bonus-rollover';
import { FreeBets } from './free-bets';
import { useWalletMember } from './wallet-context';
import './play-currency.css';

/** SPEC §2 center wallet: every currency with its code and amount; fetched when the list is empty. */
export function CenterWallet() {
  const { t } = useTranslation();
  const { owner, onPlayCurrencyChange } = useWalletMember();
  const queryClient = useQueryClient();
  const balances = useWalletBalance(owner);
  const playCurrency = usePlayCurrency(owner, onPlayCurrencyChange);
  const entries = balances.data ? [...balances.data.values()] : [];
  const isEmpty = entries.length === 0;
  const bonusTotalMinor = entries.reduce((sum, entry) => sum + entry.bonusAmount, 0);
  const bonuses = useActiveBonuses(owner, bonusTotalMinor);

  // Asked once per visit of the tab, so an empty answer is not read again in a loop.
  const hasAsked = useRef(false);
  useEffect(() => {
    if (!isEmpty || balances.isFetching || hasAsked.current) return;
    hasAsked.current = true;
    void refreshWalletBalance(queryClient);
  }, [isEmpty, balances.isFetching, queryClient]);

  const withCredit = entries.filter((entry) => entry.creditAmount > 0 || entry.loanAmount > 0);
  return (
    <div className="wallet-center" data-testid="center-wallet">
      {isEmpty ? (
        <p className="wallet-note">{t('walletUi.centerWallet.empty')}</p>
      ) : (
        <ul className="wallet-currency-list">
          {entries.map((entry) => (
            <li key={entry.assetID} data-testid="center-wallet-item" data-code={entry.currencyCode}>
              <CurrencyIcon code={entry.currencyCode} sizePx={28} />
              <span className="wallet-currency-list__code">{entry.currencyCode}</span>
              <strong data-testid="center-wallet-amount">
                <CountUpAmount
                  className="count-up"
                  amountMinor={entry.amount}
                  scale={entry.scale}
                />
              </strong>
              {entry.assetID === owner.assetID ? (
                <span className="wallet-currency-list__playing" data-testid="center-wallet-playing">
                  {t('walletUi.playCurrency.playing')}
                </span>
              ) : (
                <button
                  type="button"
                  className="button button--secondary wallet-currency-list__play"
                  disabled={playCurrency.isChanging}
                  data-testid="center-wallet-play"
                  onClick={() => void playCurrency.playIn(entry)}
                >
                  {t('walletUi.playCurrency.accept', { currency: entry.currencyCode })}
                </button>
              )}
              <BalanceParts entry={entry} />
            </li>
          ))}
        </ul>
      )}
      <BonusRollover bonuses={activeBonusesOf(bonuses.data?.records ?? [])} />
      <FreeBets owner={owner} />
      {withCredit.map((entry) => (
        <LoanSection key={entry.assetID} entry={entry} />
      ))}
    </div>
  );
}

/**
 * The member's money in the currency that is not cash in the wallet (bonus money, money in
 * games, capital in markets), under the cash amount; only the parts that are not zero, and
 * nothing at all when every one is. The bonus (`bonus-balance`) is what the rollover below plays
 * through.
 */
function BalanceParts({ entry }: { entry: BalanceEntry }) {
  const { t } = useTranslation();
  const parts = balancePartsOf(entry);
  if (parts.length === 0) return null;
  return (
    <dl className="wallet-currency-parts" data-testid="center-wallet-parts">
      {parts.map((part) => (
        <div key={part.key} className="wallet-currency-parts__item" data-part={part.key}>
          <dt>{t(`walletUi.centerWallet.parts.${part.key}`)}</dt>
          <dd
            data-testid={part.key === 'bonus' ? 'bonus-balance' : undefined}
            data-amount={part.amountMinor}
          >
            {formatDisplayAmount(part.amountMinor, entry.scale)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Loans (docs/loans.md): shown for a currency with a credit line or a debt. */
function LoanSection({ entry }: { entry: BalanceEntry }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [amountText, setAmountText] = useState('');
  const [key, setKey] = useState(newIdempotencyKey);
  const records = useQuery({
    queryKey: ['wallet', 'loan-records', entry.currencyId],
    queryFn: () => callApi(loanRecordList, { currencyId: entry.currencyId, size: 10 }),
  });
  const amount = decimalToMinor(amountText, entry.scale);

  const move = async (kind: 'borrow' | 'repay') => {
    if (amount === null) return;
    const call = kind === 'borrow' ? loanBorrow : loanRepay;
    try {
      await callApi(
        call,
        withIdempotencyKey<typeof call>(
          { amount, currencyId: entry.currencyId, scale: entry.scale },
          key,
        ),
      );
      setAmountText('');
    } catch {
      // Shown by the API client.
    }
    setKey(newIdempotencyKey());
    void refreshWalletBalance(queryClient);
    void records.refetch();
  };

  return (
    <section className="wallet-loan" data-testid="loan-section" data-code={entry.currencyCode}>
      <h3 className="wallet-subtitle">
        {t('walletUi.centerWallet.loanTitle')} · {entry.currencyCode}
      </h3>
      <p className="wallet-note">
        {t('walletUi.centerWallet.creditLimit')}:{' '}
        {formatDisplayAmount(entry.creditAmount, entry.scale)} · {t('walletUi.centerWallet.owed')}:{' '}
        <CountUpAmount
          className="count-up"
          testId="loan-owed"
          amountMinor={entry.loanAmount}
          scale={entry.scale}
        />
      </p>
      <div className="wallet-amount">
        <input
          className="field__input"
          inputMode="decimal"
          value={amountText}
          onChange={(event) => {
            setAmountText(acceptWithdrawInput(amountText, event.target.value, entry.scale));
            setKey(newIdempotencyKey());
          }}
          data-testid="loan-amount"
        />
        <button
          type="button"
          className="button button--primary"
          disabled={amount === null}
          onClick={() => void move('borrow')}
          data-testid="loan-borrow"
        >
          {t('walletUi.centerWallet.borrow')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={amount === null}
          onClick={() => void move('repay')}
          data-testid="loan-repay"
        >
          {t('walletUi.centerWallet.repay')}
        </button>
      </div>
      <h4 className="wallet-subtitle">{t('walletUi.centerWallet.records')}</h4>
      {(records.data?.records ?? []).length === 0 ? (
        <p className="wallet-note">{t('walletUi.centerWallet.noRecords')}</p>
      ) : (
        <ul className="wallet-loan__records">
          {records.data?.records.map((record) => (
            <li key={record.orderNo} data-testid="loan-record">
              {formatDisplayTime(record.createTime)} ·{' '}
              {record.type === loanRecordType.borrow
                ? t('walletUi.centerWallet.borrowed')
                : t('walletUi.centerWallet.repaid')}{' '}
              {formatDisplayAmount(record.amount, record.scale)} {record.currencyCode}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
