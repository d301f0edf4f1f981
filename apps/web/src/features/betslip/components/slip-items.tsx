import { useTranslation } from 'react-i18next';
import { matchNameOf, slipLegOf } from '../../../lib/bet-naming/leg-naming';
import { useLegNaming } from '../../../lib/bet-naming/use-leg-naming';
import { isSelectionOpen, type SlipSelection, useSlipStore } from '../../../lib/slip/slip-store';

function PriceMove({ move }: { move: SlipSelection['priceMove'] }) {
  const { t } = useTranslation();
  if (move === 1)
    return (
      <span className="slip-item__move is-up" title={t('slip.oddsUp')} data-testid="price-up">
        ▲
      </span>
    );
  if (move === -1)
    return (
      <span className="slip-item__move is-down" title={t('slip.oddsDown')} data-testid="price-down">
        ▼
      </span>
    );
  return null;
}

/** The selections, newest on top (SPEC §4); a closed option shows a blank instead of odds. */
export function SlipItems() {
  const { t } = useTranslation();
  const selections = useSlipStore((state) => state.selections);
  const remove = useSlipStore((state) => state.remove);
  const naming = useLegNaming();
  if (selections.length === 0) {
    return (
      <p className="muted" data-testid="slip-empty">
        {t('slip.empty')}
      </p>
    );
  }
  return (
    <ul className="slip-items">
      {selections.map((selection) => {
        const isOpen = isSelectionOpen(selection);
        return (
          <li
            key={selection.oi}
            className={isOpen ? 'slip-item' : 'slip-item is-closed'}
            data-testid="slip-item"
            data-oi={selection.oi}
          >
            <div className="slip-item__head">
              <span className="slip-item__option" data-testid="slip-selection">
                {naming.selectionName(slipLegOf(selection))}
              </span>
              <span
                className="slip-item__odds"
                data-testid="slip-odds"
                title={isOpen ? undefined : t('slip.closed')}
              >
                {isOpen ? selection.odds.toFixed(2) : ''}
                {isOpen ? <PriceMove move={selection.priceMove} /> : null}
              </span>
              <button
                type="button"
                className="slip-item__remove"
                aria-label={t('slip.remove')}
                title={t('slip.remove')}
                onClick={() => remove(selection.oi)}
                data-testid="slip-remove"
              >
                ×
              </button>
            </div>
            <div className="slip-item__market muted">{selection.marketName}</div>
            <div className="slip-item__match muted" data-testid="slip-match">
              {selection.isLive ? <span className="slip-item__live">{t('slip.live')}</span> : null}
              {matchNameOf(selection)}
              {selection.leagueName ? ` · ${selection.leagueName}` : ''}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
