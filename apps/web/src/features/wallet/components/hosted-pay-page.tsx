import { parseLanguage } from '@sb/domain';
import { useTranslation } from 'react-i18next';
import { payPageUrl } from '../model/pay-page-url';

/** SPEC §9 deposit window size. */
export const payWindowFeatures = 'width=1200,height=700';

/**
 * SPEC §2: the provider's pay page in an embedded frame, with the choice of a 1200×700 window,
 * both in the page's language. Closing it reads the balance again, since the payment may have
 * been credited meanwhile.
 */
export function HostedPayPage({ url, onClose }: { url: string; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const pageUrl = payPageUrl(url, parseLanguage(i18n.language), window.location.href);
  return (
    <div className="wallet-pay-page" data-testid="deposit-pay-page">
      <div className="wallet-pay-page__bar">
        <p className="wallet-pay-page__note" data-testid="deposit-pay-note">
          {t('walletUi.deposit.payWindow')}
        </p>
        <button
          type="button"
          className="wallet-link"
          onClick={() => window.open(pageUrl, 'deposit-pay', payWindowFeatures)}
          data-testid="deposit-pay-window"
        >
          {t('walletUi.deposit.openWindow')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={onClose}
          data-testid="deposit-pay-close"
        >
          {t('walletUi.deposit.closeFrame')}
        </button>
      </div>
      <iframe
        className="wallet-pay-page__frame"
        src={pageUrl}
        title={t('walletUi.deposit.payFrameTitle')}
        data-testid="deposit-pay-frame"
      />
    </div>
  );
}
