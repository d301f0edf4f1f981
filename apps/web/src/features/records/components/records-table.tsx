import type { BalanceMovement, OrderRecord, SettlementRecord } from '@sb/contract';
import { formatDisplayAmount, fromOddsUnits } from '@sb/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BetLegs } from '../../../components/bet-legs';
import { formatDisplayTime } from '../../../lib/display-time';
import { FreeBetBadge } from '../../../lib/free-bets/free-bet-badge';
import { isFreeBetOrder } from '../../../lib/free-bets/free-bet-order';
import { openReturnOf, settledPartOf } from '../model/free-bet-rows';
import { movementKindTextKey } from '../model/movement-kinds';
import { formatSignedAmount } from '../model/records-format';

const statusKeys = [
  'records.statusPending',
  'records.statusAccepted',
  'records.statusRejected',
  'records.statusSettled',
  'records.statusCashedOut',
  'records.statusVoid',
];

export type RecordsRows =
  | { tab: 'settled'; records: SettlementRecord[] }
  | { tab: 'open'; records: OrderRecord[] }
  | { tab: 'movements'; records: BalanceMovement[] };

/** One row of the table: its cells in the columns' order, and whether its last cell won or lost. */
interface TableRow {
  key: string;
  orderNo: string;
  /** A balance movement's ledger kind, for tests and styles. */
  kind?: string;
  cells: ReactNode[];
  sign?: number;
}

/**
 * A table on wide screens; on a narrow one (records.css, by container width) each row becomes a
 * card whose cells carry their column's title, so what was bet on is read without scrolling.
 */
function Table({ head, rows }: { head: string[]; rows: TableRow[] }) {
  return (
    <div className="records-table-box">
      <table className="records-table" data-testid="records-table">
        <thead>
          <tr>
            {head.map((title) => (
              <th key={title}>{title}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(({ key, orderNo, kind, cells, sign = 0 }) => (
            <tr key={key} data-testid="records-row" data-order-no={orderNo} data-kind={kind}>
              {cells.map((cell, index) => (
                <td
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns have no identity of their own
                  key={index}
                  data-label={head[index]}
                  className={
                    index === cells.length - 1 && sign !== 0
                      ? sign > 0
                        ? 'is-win'
                        : 'is-loss'
                      : undefined
                  }
                >
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function useOrderCells() {
  const { t } = useTranslation();
  return (order: OrderRecord): ReactNode[] => [
    order.orderNo,
    formatDisplayTime(order.createTime),
    <span key="type">
      {order.legs.length > 1
        ? t('records.parlay', { count: order.legs.length })
        : t('records.single')}
      <FreeBetBadge order={order} />
    </span>,
    <BetLegs key="legs" legs={order.legs} isCompact />,
    <span key="stake" data-testid="records-row-stake" data-amount={order.stake}>
      {`${formatDisplayAmount(order.stake, order.scale)} ${order.currencyCode}`}
      {/* A free bet paid the stake: the row says so, as my bets does. */}
      {isFreeBetOrder(order) ? (
        <span className="records-note">{t('freeBetOrder.stake')}</span>
      ) : null}
    </span>,
    fromOddsUnits(order.odds).toFixed(2),
  ];
}

function OpenReturn({ order }: { order: OrderRecord }) {
  const { t } = useTranslation();
  const shown = openReturnOf(order);
  if (shown === null) return null;
  return (
    <span data-testid="records-row-return" data-amount={shown}>
      {formatDisplayAmount(shown, order.scale)}
      {isFreeBetOrder(order) ? (
        <span className="records-note">{t('records.freeBetNoStake')}</span>
      ) : null}
    </span>
  );
}

/** The rows of the tab, each with the columns that list has. */
export function RecordsTable({ rows }: { rows: RecordsRows }) {
  const { t } = useTranslation();
  const orderCells = useOrderCells();
  const orderHead = [
    'colOrder',
    'colPlaced',
    'colType',
    'colSelections',
    'colStake',
    'colOdds',
  ].map((key) => t(`records.${key}`));
  if (rows.tab === 'settled') {
    return (
      <Table
        head={[
          ...orderHead,
          t('records.colPayout'),
          t('records.colSettled'),
          t('records.colResult'),
        ]}
        rows={rows.records.map((order) => {
          // The member's part: a free bet's winnings without the stake (model/free-bet-rows.ts).
          const part = settledPartOf(order);
          return {
            key: order.orderNo,
            orderNo: order.orderNo,
            cells: [
              ...orderCells(order),
              <span key="payout" data-testid="records-row-payout" data-amount={part.payoutMinor}>
                {part.givenBack
                  ? t('records.freeBetGivenBack')
                  : formatDisplayAmount(part.payoutMinor, order.scale)}
                {part.isFreeBet && !part.givenBack ? (
                  <span className="records-note">{t('records.freeBetNoStake')}</span>
                ) : null}
              </span>,
              formatDisplayTime(order.settleTime),
              <span key="result" data-testid="records-row-result" data-amount={part.resultMinor}>
                {formatSignedAmount(part.resultMinor, order.scale)}
              </span>,
            ],
            sign: Math.sign(part.resultMinor),
          };
        })}
      />
    );
  }
  if (rows.tab === 'open') {
    return (
      <Table
        head={[...orderHead, t('records.colToReturn'), t('records.colStatus')]}
        rows={rows.records.map((order) => ({
          key: order.orderNo,
          orderNo: order.orderNo,
          cells: [
            ...orderCells(order),
            // What the bet can still return: its settled legs count as they settled; a free
            // bet's without the stake, which was never the member's.
            <OpenReturn key="return" order={order} />,
            t(statusKeys[order.status] ?? 'records.statusPending'),
          ],
        }))}
      />
    );
  }
  return (
    <Table
      head={[
        t('records.colTime'),
        t('records.colMovement'),
        // A deposit's or withdrawal's number as well as a bet's: not a bet slip's name.
        t('records.colMovementOrder'),
        t('records.colBalanceAfter'),
        t('records.colAmount'),
      ]}
      rows={rows.records.map((movement) => ({
        key: `${movement.transactionId}-${movement.currencyId}`,
        orderNo: movement.orderNo,
        kind: movement.kind,
        cells: [
          formatDisplayTime(movement.createTime),
          t(movementKindTextKey(movement.kind)),
          movement.orderNo || '—',
          `${formatDisplayAmount(movement.balanceAfter, movement.scale)} ${movement.currencyCode}`,
          `${formatSignedAmount(movement.amount, movement.scale)} ${movement.currencyCode}`,
        ],
        sign: Math.sign(movement.amount),
      }))}
    />
  );
}
