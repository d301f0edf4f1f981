import { useTranslation } from 'react-i18next';
import { useSlipStore } from '../../../lib/slip/slip-store';
import { useViewerPrices } from '../hooks/use-viewer-prices';
import { useSlipViewStore } from '../store/slip-view-store';
import { BetSlip } from './bet-slip';

interface MiniBetSlipProps {
  isMember: boolean;
  isDemo: boolean;
  /** The content height of the mini layout for this viewer (members have their own). */
  height: string;
  onLoginClick(): void;
}

/**
 * The bet slip of #/mini (SPEC §2): the lists take the whole width, so the slip waits behind a
 * bar under the list that shows how many selections it holds, and opens as a sheet over the
 * list, as tall as the list and its bar (the mini content height, another one for members) and
 * scrolling within it.
 */
export function MiniBetSlip({ isMember, isDemo, height, onLoginClick }: MiniBetSlipProps) {
  const { t } = useTranslation();
  const isOpen = useSlipViewStore((state) => state.isSheetOpen);
  const { openSheet, closeSheet } = useSlipViewStore.getState();
  const count = useSlipStore((state) => state.selections.length);
  // Mounted whether or not the slip is shown, so a sign-in behind a closed sheet reprices too.
  useViewerPrices();
  if (!isOpen) {
    return (
      <button
        type="button"
        className={count > 0 ? 'mini-slip__toggle has-items' : 'mini-slip__toggle'}
        onClick={() => openSheet()}
        data-testid="mini-slip-toggle"
        data-count={count}
      >
        {t('slip.tabSlip')}
        <span className="mini-slip__count">{count}</span>
      </button>
    );
  }
  return (
    <div className="mini-slip__sheet" style={{ height }} data-testid="mini-slip">
      <button
        type="button"
        className="mini-slip__close"
        aria-label={t('slip.close')}
        title={t('slip.close')}
        onClick={closeSheet}
        data-testid="mini-slip-close"
      >
        ×
      </button>
      <BetSlip isMember={isMember} isDemo={isDemo} onLoginClick={onLoginClick} isCompact />
    </div>
  );
}
