import { errorCatalogue, type OrderRecord } from '@sb/contract';
import { formatDisplayAmount } from '@sb/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { refreshWalletBalance } from '../../../lib/balance/wallet-balance';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { showToast } from '../../../lib/toast-store';
import { cashOutOrder, cashOutQuoteKey, offerOf, useCashOutQuote } from '../api/order-cash-out';
import { orderListRootKey } from '../api/order-list';

type CashOutStep =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'confirming'; offerMinor: number }
  | { kind: 'done'; amountMinor: number; currencyCode: string };

const suspendedCode = errorCatalogue.CASH_OUT_MARKET_SUSPENDED.code;

/**
 * Cash out of an accepted bet: the current offer from the quote call, asked again while shown,
 * on the button; a refusal (a market suspended, no offer) shows the bet as unavailable until an
 * offer is back. Taking the offer asks to confirm it, then cashes out at it: a higher offer by
 * then is paid in full, a lower one is shown in its place to take or leave. Once cashed out the
 * offer is no longer asked for (the order has none) and the row says so until the list drops it.
 */
export function CashOut({ order }: { order: OrderRecord }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<CashOutStep>({ kind: 'idle' });
  const quote = useCashOutQuote(order.orderNo, step.kind !== 'done');
  // One key per cash out of this order, so a retry after a lost answer cannot pay twice.
  const idempotencyKey = useRef(newIdempotencyKey());
  const money = (minor: number) => formatDisplayAmount(minor, order.scale);
  const askAgain = () =>
    void queryClient.invalidateQueries({ queryKey: cashOutQuoteKey(order.orderNo) });

  async function takeOffer(offerMinor: number) {
    setStep({ kind: 'busy' });
    try {
      const result = await cashOutOrder(
        order.orderNo,
        offerMinor,
        order.scale,
        idempotencyKey.current,
      );
      showToast(
        'success',
        t('myBets.cashedOut', { amount: money(result.amount), currency: result.currencyCode }),
      );
      setStep({ kind: 'done', amountMinor: result.amount, currencyCode: result.currencyCode });
      void refreshWalletBalance(queryClient);
      void queryClient.invalidateQueries({ queryKey: orderListRootKey });
    } catch (error) {
      askAgain();
      const lowerOffer = error instanceof ApiError ? offerOf(error) : null;
      if (lowerOffer === null) return setStep({ kind: 'idle' });
      // Taking the new offer is another request: the same key with another amount is refused.
      idempotencyKey.current = newIdempotencyKey();
      setStep({ kind: 'confirming', offerMinor: lowerOffer });
    }
  }

  if (step.kind === 'done') {
    return (
      <button
        type="button"
        className="button button--secondary"
        disabled
        data-testid="cash-out-done"
        data-amount={step.amountMinor}
      >
        {t('myBets.cashedOut', { amount: money(step.amountMinor), currency: step.currencyCode })}
      </button>
    );
  }
  if (step.kind === 'confirming') {
    return (
      <div className="cash-out" data-testid="cash-out-offer" data-offer={step.offerMinor}>
        <span>
          {t('myBets.cashOutFor', { amount: money(step.offerMinor), currency: order.currencyCode })}
        </span>
        <button
          type="button"
          className="button button--primary"
          onClick={() => void takeOffer(step.offerMinor)}
          data-testid="cash-out-confirm"
        >
          {t('myBets.confirm')}
        </button>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => setStep({ kind: 'idle' })}
          data-testid="cash-out-cancel"
        >
          {t('myBets.cancel')}
        </button>
      </div>
    );
  }
  if (quote.isError) {
    const code = quote.error instanceof ApiError ? quote.error.code : 0;
    return (
      <button
        type="button"
        className="button button--secondary"
        disabled
        title={quote.error.message}
        data-testid="cash-out-unavailable"
        data-code={code}
      >
        {t(code === suspendedCode ? 'myBets.cashOutSuspended' : 'myBets.cashOutUnavailable')}
      </button>
    );
  }
  const offerMinor = quote.data;
  return (
    <button
      type="button"
      className="button button--secondary"
      disabled={offerMinor === undefined || step.kind === 'busy'}
      onClick={() => offerMinor !== undefined && setStep({ kind: 'confirming', offerMinor })}
      data-testid="cash-out"
      data-offer={offerMinor}
    >
      {offerMinor === undefined
        ? t('myBets.cashOutReading')
        : t('myBets.cashOutAt', { amount: money(offerMinor), currency: order.currencyCode })}
    </button>
  );
}
