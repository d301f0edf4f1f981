import type { UserInfo } from '@sb/contract';
import { formatDisplayAmount } from '@sb/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CountUpAmount } from '../../../components/count-up-amount';
import { CurrencyIcon } from '../../../components/currency-icon';
import {
  type BalanceMap,
  currentBalance,
  type WalletBalance,
} from '../../../lib/balance/balance-map';
import {
  type BalanceOwner,
  refreshWalletBalance,
  useWalletBalance,
} from '../../../lib/balance/wallet-balance';
import { usePlayCurrency } from '../hooks/use-play-currency';
import { type CreditArrival, creditArrivalOf } from '../model/credit-arrival';
import './play-currency.css';

interface HeaderBalanceProps {
  owner: BalanceOwner;
  /** Takes the profile change/currency answered; without it the play currency is not offered. */
  onPlayCurrencyChange?: (userInfo: UserInfo) => void;
}

/**
 * The header balance of a member or demo player: the play currency's icon, code and available
 * amount (counting to a new amount, SPEC §9), and a button that reads it again (spinning while a
 * read is under way). A member holding several currencies picks the one to play in from a menu
 * on the currency, and money arriving in another currency offers to play in it.
 */
export function HeaderBalance({ owner, onPlayCurrencyChange }: HeaderBalanceProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const balance = useWalletBalance(owner);
  const current = balance.data ? currentBalance(balance.data, owner.assetID) : undefined;
  const isLoading = balance.isFetching;
  const menuId = useId();
  const menuRef = useRef<HTMLFieldSetElement>(null);
  const arrival = useCreditArrival(balance.data, owner);
  const playCurrency = usePlayCurrency(owner, onPlayCurrencyChange);
  const canSwitch = playCurrency.canChange && (balance.data?.size ?? 0) > 1;
  const code = current?.currencyCode ?? owner.currencyCode;
  const isChanging = playCurrency.isChanging;

  function playIn(entry: CreditArrival | WalletBalance) {
    menuRef.current?.hidePopover();
    arrival.dismiss();
    void playCurrency.playIn(entry);
  }

  const currency = (
    <>
      <CurrencyIcon code={code} sizePx={16} />
      <span className="balance__currency" data-testid="balance-currency">
        {code}
      </span>
    </>
  );

  return (
    <div className="balance">
      <span className="balance__label">{t('header.balance')}</span>
      {canSwitch ? (
        <button
          type="button"
          className="balance__switch"
          popoverTarget={menuId}
          aria-label={t('walletUi.playCurrency.switch', { currency: code })}
          disabled={isChanging}
          data-testid="play-currency-switch"
        >
          {currency}
          <span className="balance__switch-caret" aria-hidden="true">
            ▾
          </span>
        </button>
      ) : (
        currency
      )}
      <strong className="balance__amount" data-testid="balance">
        {current ? (
          <CountUpAmount
            className="count-up"
            amountMinor={current.available}
            scale={current.scale}
          />
        ) : (
          '--'
        )}
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
      {canSwitch && balance.data ? (
        <fieldset
          ref={menuRef}
          id={menuId}
          popover="auto"
          className="play-currency-menu"
          data-testid="play-currency-menu"
        >
          <legend className="play-currency-menu__title">{t('walletUi.playCurrency.title')}</legend>
          {[...balance.data.values()].map((entry) => (
            <button
              key={entry.assetID}
              type="button"
              aria-pressed={entry.currencyId === current?.currencyId}
              className="play-currency-menu__item"
              onClick={() => playIn(entry)}
              data-testid={`play-currency-${entry.currencyCode}`}
            >
              <CurrencyIcon code={entry.currencyCode} sizePx={20} />
              <span className="play-currency-menu__code">{entry.currencyCode}</span>
              <span className="play-currency-menu__amount">
                {formatDisplayAmount(entry.available, entry.scale)}
              </span>
            </button>
          ))}
        </fieldset>
      ) : null}
      {canSwitch && arrival.shown ? (
        <div
          ref={showOnMount}
          popover="manual"
          className="play-currency-offer"
          role="status"
          data-testid="play-currency-offer"
        >
          <p>
            {t('walletUi.playCurrency.arrived', {
              amount: formatDisplayAmount(arrival.shown.amountMinor, arrival.shown.scale),
              currency: arrival.shown.currencyCode,
            })}{' '}
            {t('walletUi.playCurrency.offer', { currency: arrival.shown.currencyCode })}
          </p>
          <div className="play-currency-offer__actions">
            <button
              type="button"
              className="button button--primary"
              disabled={isChanging}
              onClick={() => arrival.shown && playIn(arrival.shown)}
            >
              {t('walletUi.playCurrency.accept', { currency: arrival.shown.currencyCode })}
            </button>
            <button type="button" className="button button--secondary" onClick={arrival.dismiss}>
              {t('walletUi.playCurrency.dismiss')}
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}

/** Shows a manual popover as soon as it is drawn, above the header wherever the header is. */
function showOnMount(element: HTMLDivElement | null) {
  if (element && !element.matches(':popover-open')) element.showPopover();
}

/**
 * Money that arrived in another currency than the play currency since the last read of the same
 * member's balances, until the member answers the offer. A first read offers nothing: only what
 * arrives while the member is here is news.
 */
function useCreditArrival(map: BalanceMap | undefined, owner: BalanceOwner) {
  const previous = useRef<{ token: string; map: BalanceMap } | null>(null);
  const [shown, setShown] = useState<CreditArrival | null>(null);

  useEffect(() => {
    if (!map) return;
    const before = previous.current;
    previous.current = { token: owner.token, map };
    if (!before || before.token !== owner.token) return;
    const arrival = creditArrivalOf(before.map, map, owner.assetID);
    if (arrival) setShown(arrival);
  }, [map, owner.token, owner.assetID]);

  return { shown, dismiss: () => setShown(null) };
}
