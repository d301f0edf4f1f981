import { useTranslation } from 'react-i18next';
import { loadedOnUse } from '../../../lib/loaded-on-use';
import { useWalletScreenStore } from '../store/wallet-screen-store';
import type { WalletMember } from './wallet-context';

/**
 * The popup and its panels (QR codes, uploads, the password pad…) load when the wallet first
 * opens: the match list, which every visit starts on, does not wait for them.
 */
const WalletPopup = loadedOnUse(() =>
  import('./wallet-popup').then((module) => module.WalletPopup),
);

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
