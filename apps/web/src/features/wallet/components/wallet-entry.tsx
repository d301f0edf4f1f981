import { useTranslation } from 'react-i18next';
import { useWalletScreenStore } from '../store/wallet-screen-store';
import type { WalletMember } from './wallet-context';
import { WalletPopup } from './wallet-popup';

/** The header's way into the wallet, and the wallet itself while it is open. */
export function WalletEntry({ member }: { member: WalletMember }) {
  const { t } = useTranslation();
  const isOpen = useWalletScreenStore((state) => state.isOpen);
  const open = useWalletScreenStore((state) => state.open);
  return (
    <>
      <button
        type="button"
        className="button button--secondary wallet-open"
        onClick={() => open()}
        data-testid="wallet-open"
      >
        {t('walletUi.open')}
      </button>
      {isOpen ? <WalletPopup member={member} /> : null}
    </>
  );
}
