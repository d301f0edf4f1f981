import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSlipStore } from '../../../lib/slip/slip-store';
import { useViewerPrices } from '../hooks/use-viewer-prices';
import { useSlipViewStore } from '../store/slip-view-store';
import { BetSlip } from './bet-slip';

interface SlipDockProps {
  isMember: boolean;
  isDemo: boolean;
  onLoginClick(): void;
}

/**
 * The bet slip of the index page. From a tablet up it is the column beside the lists; on a phone
 * (bet-slip.css) it waits behind a bar at the bottom of the screen, whose badge counts the
 * selections, and comes up as a sheet over the page. Which of the two shows is the stylesheet's
 * choice, so the slip is drawn once and keeps its state across a turn of the phone.
 */
export function SlipDock({ isMember, isDemo, onLoginClick }: SlipDockProps) {
  const { t } = useTranslation();
  const isOpen = useSlipViewStore((state) => state.isSheetOpen);
  const { openSheet, closeSheet } = useSlipViewStore.getState();
  const count = useSlipStore((state) => state.selections.length);
  // Mounted whether or not the slip is shown, so a sign-in behind a closed sheet reprices too.
  useViewerPrices();
  useEffect(() => {
    if (!isOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeSheet();
    };
    window.addEventListener('keydown', closeOnEscape);
    return () => window.removeEventListener('keydown', closeOnEscape);
  }, [isOpen, closeSheet]);
  return (
    <div className={isOpen ? 'slip-dock is-open' : 'slip-dock'} data-testid="slip-dock">
      <button
        type="button"
        className={count > 0 ? 'slip-dock__bar has-items' : 'slip-dock__bar'}
        aria-expanded={isOpen}
        onClick={() => openSheet()}
        data-testid="slip-dock-open"
        data-count={count}
      >
        <span className="slip-dock__title">{t('slip.tabSlip')}</span>
        <span className="slip-dock__badge" data-testid="slip-dock-count">
          {count}
        </span>
      </button>
      <div className="slip-dock__backdrop" aria-hidden="true" onClick={closeSheet} />
      <div className="slip-dock__sheet">
        <button
          type="button"
          className="slip-dock__close"
          aria-label={t('slip.close')}
          title={t('slip.close')}
          onClick={closeSheet}
          data-testid="slip-dock-close"
        >
          ×
        </button>
        <BetSlip isMember={isMember} isDemo={isDemo} onLoginClick={onLoginClick} />
      </div>
    </div>
  );
}
