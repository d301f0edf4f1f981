import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchPendingCollectionOrder } from '../api/deposit-calls';
import { serverDeltaFromDateHeader } from '../model/countdown';
import { storeCollectionOrder, useWalletScreenStore } from '../store/wallet-screen-store';
import { DepositForm } from './deposit-form';
import { PayResultPanel } from './pay-result-panel';
import { ReceiptUpload } from './receipt-upload';

/** The server's clock from the Date header of a small request, for the countdown's offset. */
async function measureServerDelta(): Promise<number> {
  const sentAt = Date.now();
  try {
    const response = await fetch(window.location.pathname || '/', {
      method: 'HEAD',
      cache: 'no-store',
    });
    const receivedAt = Date.now();
    return serverDeltaFromDateHeader(response.headers.get('date'), (sentAt + receivedAt) / 2);
  } catch {
    return 0;
  }
}

/**
 * SPEC §2: entering the deposit tab checks for a pending collection order first. A pending one
 * asks for its receipt; without one, the form shows.
 */
export function DepositTab() {
  const { t } = useTranslation();
  const view = useWalletScreenStore((state) => state.depositView);
  const setDepositView = useWalletScreenStore((state) => state.setDepositView);
  const setServerDelta = useWalletScreenStore((state) => state.setServerDelta);

  useEffect(() => {
    if (view.kind !== 'checking') return;
    let isCurrent = true;
    void (async () => {
      const [order, delta] = await Promise.all([
        fetchPendingCollectionOrder().catch(() => null),
        measureServerDelta(),
      ]);
      if (!isCurrent) return;
      setServerDelta(delta);
      storeCollectionOrder(order);
      setDepositView(order ? { kind: 'upload', orderNo: order.orderNo, order } : { kind: 'form' });
    })();
    return () => {
      isCurrent = false;
    };
  }, [view.kind, setDepositView, setServerDelta]);

  switch (view.kind) {
    case 'checking':
      return (
        <p className="wallet-note" data-testid="deposit-checking">
          {t('walletUi.checkingOrder')}
        </p>
      );
    case 'form':
      return <DepositForm />;
    case 'payResult':
      return <PayResultPanel order={view.order} />;
    case 'upload':
      return (
        <div>
          {view.order ? (
            <button
              type="button"
              className="wallet-link"
              onClick={() => view.order && setDepositView({ kind: 'payResult', order: view.order })}
              data-testid="upload-show-details"
            >
              {t('walletUi.payResult.title')}
            </button>
          ) : null}
          <ReceiptUpload
            orderNo={view.orderNo}
            onUploaded={() => {
              storeCollectionOrder(null);
              setDepositView({ kind: 'form' });
            }}
          />
        </div>
      );
  }
}
