import { useTranslation } from 'react-i18next';
import { isFreeBetOrder } from './free-bet-order';
import './free-bet-badge.css';

/**
 * "Free bet": the order's whole stake was a free bet's, not the member's money. Nothing for an
 * order of the member's own money. My bets, the receipt and the records page show it.
 */
export function FreeBetBadge({ order }: { order: { freeBetId?: number | null | undefined } }) {
  const { t } = useTranslation();
  if (!isFreeBetOrder(order)) return null;
  return (
    <span
      className="free-bet-badge"
      data-testid="free-bet-badge"
      data-free-bet-id={order.freeBetId}
    >
      {t('freeBetOrder.badge')}
    </span>
  );
}
