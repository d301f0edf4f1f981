import type { PayType } from '@sb/contract';
import { formatDisplayAmount } from '@sb/domain';
import { useTranslation } from 'react-i18next';
import { useDepositAddress } from '../api/deposit-calls';
import { CopyButton, QrImage } from './wallet-widgets';

/** SPEC §2 type 5: the member's own address on the chosen network, its QR code and warnings. */
export function AddressDeposit({ payType }: { payType: PayType }) {
  const { t } = useTranslation();
  const address = useDepositAddress(payType.payTypeId);
  if (!address.data) return <p className="wallet-note">{t('common.loading')}</p>;
  const { data } = address;
  return (
    <div className="wallet-address" data-testid="deposit-address-view">
      <ul className="wallet-warnings" data-testid="deposit-address-warnings">
        <li>{t('walletUi.deposit.warningUsdt')}</li>
        <li>{t('walletUi.deposit.warningNetwork', { network: data.network })}</li>
        <li>{t('walletUi.deposit.warningMinimum')}</li>
      </ul>
      <h3 className="wallet-subtitle">{t('walletUi.deposit.addressTitle')}</h3>
      <QrImage text={data.qrData} testId="deposit-address-qr" />
      <p className="wallet-address__text">
        <code data-testid="deposit-address">{data.address}</code>
        <CopyButton text={data.address} testId="deposit-address-copy" />
      </p>
      <p className="wallet-note">
        {t('walletUi.deposit.network')}: {data.network} ·{' '}
        {t('walletUi.deposit.minimum', {
          amount: formatDisplayAmount(data.minAmount, data.scale),
          currency: data.currencyCode,
        })}
        {' · '}
        {t('walletUi.deposit.confirmations', { count: data.confirmations })}
      </p>
    </div>
  );
}
