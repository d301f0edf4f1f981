import type { OrderRecord } from '@sb/contract';
import { formatDisplayAmount } from '@sb/domain';
import { useTranslation } from 'react-i18next';

/** "Of which bonus": the part of the stake paid with bonus money, when there is one. */
export function BonusStakeNote({
  order,
}: {
  order: Pick<OrderRecord, 'scale' | 'currencyCode'> & { bonusStake?: number | undefined };
}) {
  const { t } = useTranslation();
  if (!order.bonusStake) return null;
  return (
    <span className="muted" data-testid="bet-bonus-stake" data-amount={order.bonusStake}>
      {' '}
      (
      {t('myBets.ofWhichBonus', {
        amount: `${formatDisplayAmount(order.bonusStake, order.scale)} ${order.currencyCode}`,
      })}
      )
    </span>
  );
}
