import type { OrderRecord } from '@sb/contract';
import { formatDisplayAmount } from '@sb/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast-store';
import { refreshWalletBalance } from '../../wallet/api/wallet-balance';
import { cashOutOrder, fetchCashOutOffer, offerOf } from '../api/order-cash-out';
import { orderListRootKey } from '../api/order-list';

type CashOutStep = { kind: 'idle' } | { kind: 'busy' } | { kind: 'offered'; offerMinor: number };

/**
 * Cash out of an accepted bet: the member first sees the current offer, then takes it. A lower
 * offer by then is shown in its place to take or leave; a higher one is paid in full.
 */
export function CashOut({ order }: { order: OrderRecord }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<CashOutStep>({ kind: 'idle' });
  // One key per cash out of this order, so a retry after a lost answer cannot pay twice.
  const idempotencyKey = useRef(crypto.randomUUID());
  const money = (minor: number) => formatDisplayAmount(minor, order.scale);

  async function askOffer() {
    setStep({ kind: 'busy' });
    try {
      setStep({ kind: 'offered', offerMinor: await fetchCashOutOffer(order.orderNo) });
    } catch (error) {
      // The quote is asked silently; a refusal (not available, suspended) is shown here.
      if (error instanceof ApiError) showToast('error', error.message);
      setStep({ kind: 'idle' });
    }
  }

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
      void refreshWalletBalance(queryClient);
      void queryClient.invalidateQueries({ queryKey: orderListRootKey });
    } catch (error) {
      const lowerOffer = error instanceof ApiError ? offerOf(error) : null;
      if (lowerOffer === null) return setStep({ kind: 'idle' });
      // Taking the new offer is another request: the same key with another amount is refused.
      idempotencyKey.current = crypto.randomUUID();
      setStep({ kind: 'offered', offerMinor: lowerOffer });
    }
  }

  if (step.kind === 'offered') {
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
  return (
    <button
      type="button"
      className="button button--secondary"
      disabled={step.kind === 'busy'}
      onClick={() => void askOffer()}
      data-testid="cash-out"
    >
      {t('myBets.cashOut')}
    </button>
  );
}
