import { defaultOrderPageSize, type OrderRecord, orderStatus } from '@sb/contract';
import { formatDisplayAmount, fromOddsUnits } from '@sb/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BetLegs } from '../../../components/bet-legs';
import { Pager, type PagerLook } from '../../../components/pager';
import { formatDisplayTime } from '../../../lib/display-time';
import { FreeBetBadge } from '../../../lib/free-bets/free-bet-badge';
import {
  isFreeBetOrder,
  shownReturnMinor,
  stakeTextKeyOf,
} from '../../../lib/free-bets/free-bet-order';
import { useSessionStore } from '../../../lib/session/session-store';
import { useOrderList } from '../api/order-list';
import { statusTextKeys } from '../i18n';
import { BonusStakeNote } from './bonus-stake-note';
import { CashOut } from './cash-out';
import { ShareDialog } from './share-dialog';

const myBetsPager: PagerLook = {
  className: 'pager',
  testIds: { previous: 'my-bets-previous', next: 'my-bets-next' },
};

/**
 * What the row says the order returns, stake included: what an open bet can still return (its
 * settled legs counted as they settled, docs/web-betslip.md), what a finished one paid; nothing
 * for a rejected or cashed-out bet, whose legs no longer decide it (cash out says what it paid).
 */
function returnTextKeyOf(order: OrderRecord): string | null {
  if (order.maxPayout === null) return null;
  const isOpen = order.status === orderStatus.pending || order.status === orderStatus.accepted;
  // A free bet's return is paid without the stake, and the row says so.
  if (isFreeBetOrder(order)) return isOpen ? 'myBets.freeBetToReturn' : 'myBets.freeBetReturned';
  return isOpen ? 'myBets.toReturn' : 'myBets.returned';
}

function OrderRow({ order }: { order: OrderRecord }) {
  const { t } = useTranslation();
  const money = (minor: number) =>
    `${formatDisplayAmount(minor, order.scale)} ${order.currencyCode}`;
  const returnTextKey = returnTextKeyOf(order);
  const [isSharing, setIsSharing] = useState(false);
  // A rejected order cannot be shared (8102): every other one, open or settled, can.
  const isShareable = order.status !== orderStatus.rejected;
  return (
    <li
      className="my-bet"
      data-testid="my-bet"
      data-order-no={order.orderNo}
      data-status={order.status}
    >
      <div className="my-bet__head">
        <strong>
          {order.legs.length > 1
            ? t('myBets.parlay', { count: order.legs.length })
            : t('myBets.single')}
          <FreeBetBadge order={order} />
        </strong>
        <span className={`my-bet__status is-status-${order.status}`} data-testid="my-bet-status">
          {t(statusTextKeys[order.status] ?? 'slip.statusPending')}
        </span>
      </div>
      <BetLegs legs={order.legs} />
      <dl className="my-bet__facts">
        <dt>{t(stakeTextKeyOf(order, 'myBets.stake'))}</dt>
        <dd data-testid="my-bet-stake">
          {money(order.stake)}
          <BonusStakeNote order={order} />
        </dd>
        <dt>{t(order.legs.length > 1 ? 'legs.combinedOdds' : 'myBets.odds')}</dt>
        <dd data-testid="my-bet-odds" data-odds={order.odds}>
          {fromOddsUnits(order.odds).toFixed(2)}
        </dd>
        {returnTextKey !== null && order.maxPayout !== null ? (
          <>
            <dt>{t(returnTextKey)}</dt>
            <dd data-testid="my-bet-return" data-amount={shownReturnMinor(order, order.maxPayout)}>
              {money(shownReturnMinor(order, order.maxPayout))}
            </dd>
          </>
        ) : null}
        <dt>{t('myBets.placedAt')}</dt>
        <dd>{formatDisplayTime(order.createTime)}</dd>
      </dl>
      <div className="my-bet__order muted">{order.orderNo}</div>
      {/* A free-bet order cannot be cashed out (8545): it has no cash out control. */}
      {order.status === orderStatus.accepted && !isFreeBetOrder(order) ? (
        <CashOut order={order} />
      ) : null}
      {isShareable ? (
        <div className="my-bet__share">
          <button
            type="button"
            className="button button--ghost"
            onClick={() => setIsSharing(true)}
            data-testid="share-open"
          >
            {t('shareDialog.open')}
          </button>
        </div>
      ) : null}
      {isSharing ? (
        <ShareDialog orderNo={order.orderNo} onClose={() => setIsSharing(false)} />
      ) : null}
    </li>
  );
}

/** The member's open and settled orders (the order list call), with cash out on open ones. */
export function MyBets() {
  const { t } = useTranslation();
  const memberId = useSessionStore((state) => state.session?.memberId ?? 0);
  const [isSettled, setIsSettled] = useState(false);
  const [page, setPage] = useState(1);
  const list = useOrderList(memberId, isSettled, page);
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / defaultOrderPageSize));

  function show(settled: boolean) {
    setIsSettled(settled);
    setPage(1);
  }

  return (
    <section className="my-bets" data-testid="my-bets">
      <fieldset className="my-bets__filters">
        {[false, true].map((settled) => (
          <button
            key={String(settled)}
            type="button"
            className={settled === isSettled ? 'slip-mode__button is-active' : 'slip-mode__button'}
            aria-pressed={settled === isSettled}
            onClick={() => show(settled)}
            data-testid={settled ? 'my-bets-settled' : 'my-bets-open'}
          >
            {t(settled ? 'myBets.settled' : 'myBets.open')}
          </button>
        ))}
      </fieldset>
      {list.isPending ? <p className="muted">{t('myBets.loading')}</p> : null}
      {list.data && list.data.records.length === 0 ? (
        <p className="muted" data-testid="my-bets-empty">
          {t('myBets.empty')}
        </p>
      ) : null}
      <ul className="my-bets__list">
        {list.data?.records.map((order) => (
          <OrderRow key={order.orderNo} order={order} />
        ))}
      </ul>
      {pages > 1 ? <Pager page={page} pages={pages} onPage={setPage} look={myBetsPager} /> : null}
      <div className="my-bets__links">
        <a className="link-button" href="#/records" data-testid="my-bets-records-link">
          {t('myBets.records')}
        </a>
      </div>
    </section>
  );
}
