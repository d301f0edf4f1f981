import { betStatus } from '@sb/contract';
import { formatDisplayAmount } from '@sb/domain';
import { useTranslation } from 'react-i18next';
import { BetLegs, CombinedOdds } from '../../../components/bet-legs';
import { FreeBetBadge } from '../../../lib/free-bets/free-bet-badge';
import {
  isFreeBetOrder,
  shownReturnMinor,
  stakeTextKeyOf,
} from '../../../lib/free-bets/free-bet-order';
import { useSessionStore } from '../../../lib/session/session-store';
import { type SlipPlacement, useSlipStore } from '../../../lib/slip/slip-store';
import { reasonTextKeys, statusTextKeys } from '../i18n';
import { BonusStakeNote } from './bonus-stake-note';

/**
 * The placed bet's stake and what it returns, stake included, as the order answered them. A
 * rejected bet returns nothing but its stake, so it shows the stake alone.
 */
function ReceiptAmounts({ placement }: { placement: SlipPlacement }) {
  const { t } = useTranslation();
  const { order } = placement;
  if (!order) return null;
  const money = (minor: number) =>
    `${formatDisplayAmount(minor, order.scale)} ${order.currencyCode}`;
  // A free bet's return is paid without the stake.
  const returnMinor = shownReturnMinor(order, order.maxPayout ?? order.potentialPayout);
  const isFreeBet = isFreeBetOrder(order);
  const isStanding =
    placement.status === betStatus.pending || placement.status === betStatus.accepted;
  return (
    <dl className="slip-receipt__amounts">
      <dt>{t(stakeTextKeyOf(order, 'myBets.stake'))}</dt>
      <dd data-testid="bet-status-stake" data-amount={order.stake}>
        {money(order.stake)}
        <BonusStakeNote order={order} />
      </dd>
      {isStanding ? (
        <>
          <dt>{t(isFreeBet ? 'myBets.freeBetToReturn' : 'myBets.toReturn')}</dt>
          <dd data-testid="bet-status-return" data-amount={returnMinor}>
            {money(returnMinor)}
          </dd>
        </>
      ) : null}
    </dl>
  );
}

/** The orders placed from this slip, each moving from pending to accepted or rejected on `H`. */
export function PlacementReceipt() {
  const { t } = useTranslation();
  const memberId = useSessionStore((state) => state.session?.memberId ?? 0);
  const allPlacements = useSlipStore((state) => state.placements);
  const placements = allPlacements.filter((placement) => placement.memberId === memberId);
  if (placements.length === 0) return null;
  return (
    <section className="slip-receipt" aria-live="polite">
      <h3 className="slip-receipt__title">{t('slip.receipt')}</h3>
      <ul className="slip-receipt__list">
        {placements.map((placement) => {
          const reasonKey = reasonTextKeys[placement.reason];
          return (
            <li
              // Keyed by status too, so each H change mounts the line afresh and its flash replays.
              key={`${placement.orderNo}:${placement.status}`}
              className={`slip-receipt__item is-status-${placement.status}`}
              data-testid="bet-status"
              data-order-no={placement.orderNo}
              data-status={placement.status}
            >
              <span className="slip-receipt__order">
                {t('slip.orderNo', { orderNo: placement.orderNo })}
              </span>
              <strong className="slip-receipt__status">
                {t(statusTextKeys[placement.status] ?? 'slip.statusPending')}
                {reasonKey ? ` · ${t(reasonKey)}` : ''}
                {placement.order ? <FreeBetBadge order={placement.order} /> : null}
              </strong>
              {placement.order ? (
                <div className="slip-receipt__bet">
                  <BetLegs legs={placement.order.legs} />
                  <CombinedOdds order={placement.order} />
                  <ReceiptAmounts placement={placement} />
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
