import type { OrderRecord } from '@sb/contract';
import { fromOddsUnits } from '@sb/domain';
import { useTranslation } from 'react-i18next';
import { useLegNaming } from '../lib/bet-naming/use-leg-naming';
import './bet-legs.css';
import { legResultTextKeys, matchNameOf } from '../lib/bet-naming/leg-naming';

type OrderLeg = OrderRecord['legs'][number];

/**
 * Each leg of a bet: the selection and its odds, the market, the match and its league, and the
 * leg's result once settled. The same lines in the receipt, my bets and the records table.
 */
export function BetLegs({ legs, isCompact = false }: { legs: OrderLeg[]; isCompact?: boolean }) {
  const { t } = useTranslation();
  const naming = useLegNaming();
  return (
    <ul className={isCompact ? 'bet-legs bet-legs--compact' : 'bet-legs'}>
      {legs.map((leg) => (
        <li
          key={leg.optId}
          className="bet-leg"
          data-testid="bet-leg"
          data-oi={leg.optId}
          data-result={leg.result ?? ''}
        >
          <div className="bet-leg__head">
            <strong className="bet-leg__selection" data-testid="bet-leg-selection">
              {naming.selectionName(leg)}
            </strong>
            <span className="bet-leg__odds" data-testid="bet-leg-odds">
              {fromOddsUnits(leg.odds).toFixed(2)}
            </span>
          </div>
          <div className="bet-leg__market">{naming.marketName(leg)}</div>
          <div className="bet-leg__match" data-testid="bet-leg-match">
            {matchNameOf(leg)}
            {leg.leagueName ? <span className="bet-leg__league"> · {leg.leagueName}</span> : null}
          </div>
          {leg.result ? (
            <span className={`bet-leg__result is-${leg.result}`} data-testid="bet-leg-result">
              {t(legResultTextKeys[leg.result])}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** A parlay's combined odds: the order's own price, the product of its legs as the book rounds it. */
export function CombinedOdds({ order }: { order: Pick<OrderRecord, 'odds' | 'legs'> }) {
  const { t } = useTranslation();
  if (order.legs.length < 2) return null;
  return (
    <p className="bet-combined" data-testid="bet-combined-odds" data-odds={order.odds}>
      <span>{t('legs.combinedOdds')}</span>
      <strong>{fromOddsUnits(order.odds).toFixed(2)}</strong>
    </p>
  );
}
