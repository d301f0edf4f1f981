import { useTranslation } from 'react-i18next';
import { isFreeBetOrder } from '../model/free-bet-choice';

/** "Free bet": the order's whole stake was a free bet's, not the member's money. */
export function FreeBetBadge({ order }: { order: { freeBetId?: number | null | undefined } }) {
  const { t } = useTranslation();
  if (!isFreeBetOrder(order)) return null;
  return (
    <span
      className="free-bet-badge"
      data-testid="free-bet-badge"
      data-free-bet-id={order.freeBetId}
    >
      {t('myBets.freeBet')}
    </span>
  );
}

/** The stake's label: a free bet's stake is said to be one. */
export function stakeTextKeyOf(order: { freeBetId?: number | null | undefined }): string {
  return isFreeBetOrder(order) ? 'myBets.freeBetStake' : 'myBets.stake';
}
