import { type CollectionOrder, collectionShowType } from '@sb/contract';
import { formatDisplayAmount } from '@sb/domain';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast-store';
import { cancelCollectionOrder } from '../api/deposit-calls';
import { formatCountdown, remainingMs } from '../model/countdown';
import { storeCollectionOrder, useWalletScreenStore } from '../store/wallet-screen-store';
import { CopyButton, QrImage } from './wallet-widgets';

/** SPEC §9: the countdown refreshes every second. */
const countdownTickMs = 1000;

function DetailRow(props: { label: string; value: string; testId: string; extra?: ReactNode }) {
  return (
    <div className="wallet-detail">
      <span className="wallet-detail__label">{props.label}</span>
      <span className="wallet-detail__value" data-testid={props.testId}>
        {props.value}
      </span>
      <CopyButton text={props.value} testId={`${props.testId}-copy`} />
      {props.extra}
    </div>
  );
}

/**
 * SPEC §2 and §4 type-2 pay result: what to transfer to whom, counting down to the order's expiry
 * on the server's clock. At 00:00 the view closes and the stored order is removed.
 */
export function PayResultPanel({ order }: { order: CollectionOrder }) {
  const { t } = useTranslation();
  const serverDeltaMs = useWalletScreenStore((state) => state.serverDeltaMs);
  const setDepositView = useWalletScreenStore((state) => state.setDepositView);
  const [left, setLeft] = useState(() => remainingMs(order.expireTime, Date.now(), serverDeltaMs));
  const [isCancelling, setCancelling] = useState(false);

  useEffect(() => {
    const tick = () => {
      const next = remainingMs(order.expireTime, Date.now(), serverDeltaMs);
      setLeft(next);
      if (next === 0) {
        storeCollectionOrder(null);
        showToast('warning', t('walletUi.payResult.expired'));
        setDepositView({ kind: 'form' });
      }
    };
    tick();
    const timer = window.setInterval(tick, countdownTickMs);
    return () => window.clearInterval(timer);
  }, [order.expireTime, serverDeltaMs, setDepositView, t]);

  const amount = formatDisplayAmount(order.amount, order.scale);
  const cancel = async () => {
    setCancelling(true);
    try {
      await cancelCollectionOrder(order.orderNo);
      storeCollectionOrder(null);
      showToast('success', t('walletUi.payResult.cancelled'));
      setDepositView({ kind: 'form' });
    } catch {
      setCancelling(false);
    }
  };

  return (
    <div className="wallet-pay-result" data-testid="pay-result">
      <h3 className="wallet-subtitle">{t('walletUi.payResult.title')}</h3>
      <p className="wallet-pay-result__amount">
        {t('walletUi.payResult.amount')}: <strong data-testid="pay-result-amount">{amount}</strong>
      </p>
      <p className="wallet-pay-result__countdown">
        {t('walletUi.payResult.expiresIn')}:{' '}
        <strong data-testid="pay-result-countdown">{formatCountdown(left)}</strong>
      </p>
      {order.showType === collectionShowType.shopQrCode ? (
        <>
          <DetailRow
            label={t('walletUi.payResult.shop')}
            value={order.shop ?? ''}
            testId="pay-result-shop"
          />
          <div className="wallet-detail">
            <span className="wallet-detail__label">{t('walletUi.payResult.receiptCode')}</span>
            <QrImage text={order.receiptCode ?? ''} testId="pay-result-qr" />
          </div>
        </>
      ) : (
        <>
          <DetailRow
            label={t('walletUi.payResult.payee')}
            value={order.cardholder ?? ''}
            testId="pay-result-payee"
          />
          <DetailRow
            label={t('walletUi.payResult.bank')}
            value={order.bank ?? ''}
            testId="pay-result-bank"
          />
          <DetailRow
            label={t('walletUi.payResult.bankNo')}
            value={order.bankNo ?? ''}
            testId="pay-result-bank-no"
          />
        </>
      )}
      <DetailRow
        label={t('walletUi.payResult.rechargeAmount')}
        value={amount}
        testId="pay-result-recharge"
      />
      <DetailRow
        label={t('walletUi.payResult.remark')}
        value={order.note}
        testId="pay-result-note"
      />
      <p className="wallet-note">{t('walletUi.payResult.remarkHint')}</p>
      <div className="wallet-actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={isCancelling}
          onClick={() => void cancel()}
          data-testid="pay-result-cancel"
        >
          {t('walletUi.payResult.cancel')}
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={() => setDepositView({ kind: 'upload', orderNo: order.orderNo, order })}
          data-testid="pay-result-upload"
        >
          {t('walletUi.payResult.uploadDone')}
        </button>
      </div>
    </div>
  );
}
