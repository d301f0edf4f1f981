import type { HistoryRecord } from '@sb/contract';
import { formatDisplayAmount } from '@sb/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager, type PagerLook } from '../../../components/pager';
import { depositQueryKeys, fetchDepositHistory } from '../api/deposit-calls';
import { fetchWithdrawHistory, withdrawQueryKeys } from '../api/withdraw-calls';
import {
  formatDisplayTime,
  type HistoryRangeDays,
  historyRange,
  historyRangeDays,
} from '../model/display-time';
import { type HistoryColumn, historyColumns, isCredited } from '../model/history-columns';
import {
  type HistoryKind,
  useWalletScreenStore,
  walletTabIndex,
} from '../store/wallet-screen-store';
import { ChoiceChips } from './wallet-widgets';

const historyPager: PagerLook = {
  className: 'wallet-pager',
  testIds: {
    previous: 'history-previous',
    page: 'history-page',
    next: 'history-next',
  },
};

/** SPEC §9 history page size. */
const pageSize = 10;
/** Type-2 orders the member may still send a receipt for: unpaid and cancelled (SPEC §2). */
const uploadableStatuses = new Set([1, 4]);

const rangeLabels: Record<HistoryRangeDays, string> = {
  1: 'today',
  7: 'days7',
  15: 'days15',
  30: 'days30',
};

/** SPEC §2 funds history: deposits or withdrawals over a day range, a page at a time. */
export function FundsHistory() {
  const { t } = useTranslation();
  // The list shown is kept by the screen, so a withdrawal's confirmation can open this one.
  const kind = useWalletScreenStore((state) => state.historyKind);
  const setKind = useWalletScreenStore((state) => state.setHistoryKind);
  const [days, setDays] = useState<HistoryRangeDays>(1);
  const [page, setPage] = useState(1);
  // The range is fixed when chosen, so paging reads the same window.
  const [range, setRange] = useState(() => historyRange(1, Date.now()));

  const request = { page, size: pageSize, ...range };
  const listKey = kind === 'deposit' ? depositQueryKeys.history : withdrawQueryKeys.history;
  const history = useQuery({
    queryKey: [...listKey, request],
    queryFn: () =>
      kind === 'deposit' ? fetchDepositHistory(request) : fetchWithdrawHistory(request),
    // The last page stays while the next loads, but never under the other kind's columns.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === listKey[1] ? keepPreviousData(previous) : undefined,
  });
  const records: HistoryRecord[] = history.data?.records ?? [];
  const pages = Math.max(1, Math.ceil((history.data?.total ?? 0) / pageSize));

  const chooseRange = (next: HistoryRangeDays) => {
    setDays(next);
    setRange(historyRange(next, Date.now()));
    setPage(1);
  };

  return (
    <div className="wallet-history" data-testid="history">
      <ChoiceChips
        asTabs
        options={['deposit', 'withdraw'] as const}
        chosen={kind}
        onChoose={(option) => {
          setKind(option);
          chooseRange(days);
        }}
        label={(option) => t(`walletUi.history.${option}`)}
        testId={(option) => `history-${option}`}
      />
      <ChoiceChips
        options={historyRangeDays}
        chosen={days}
        onChoose={chooseRange}
        label={(option) => t(`walletUi.history.${rangeLabels[option]}`)}
        testId="history-range"
        dataOf={(option) => ({ 'data-days': option })}
      />
      <HistoryTable kind={kind} records={records} isLoading={history.isPending} />
      <Pager page={page} pages={pages} onPage={setPage} look={historyPager} />
    </div>
  );
}

function HistoryTable(props: { kind: HistoryKind; records: HistoryRecord[]; isLoading: boolean }) {
  const { t } = useTranslation();
  const columns = historyColumns[props.kind];
  return (
    <table className="wallet-table wallet-table--cards" data-testid="history-table">
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} data-column={column}>
              {t(`walletUi.history.${column}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.records.length === 0 ? (
          <tr>
            <td
              colSpan={columns.length}
              className="wallet-table__empty"
              data-testid="history-empty"
            >
              {props.isLoading ? t('common.loading') : t('walletUi.history.empty')}
            </td>
          </tr>
        ) : (
          props.records.map((record) => (
            <tr key={record.orderNo} data-testid="history-row" data-status={record.status}>
              {columns.map((column) => (
                // The label goes with each cell: on a phone a row is a card of labelled lines.
                <td key={column} data-column={column} data-label={t(`walletUi.history.${column}`)}>
                  <HistoryCell kind={props.kind} record={record} column={column} />
                </td>
              ))}
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

function HistoryCell(props: { kind: HistoryKind; record: HistoryRecord; column: HistoryColumn }) {
  const { t } = useTranslation();
  const setDepositView = useWalletScreenStore((state) => state.setDepositView);
  const selectTab = useWalletScreenStore((state) => state.selectTab);
  const { record } = props;
  switch (props.column) {
    case 'orderNo':
      return record.orderNo;
    case 'time':
      return formatDisplayTime(record.createTime);
    case 'method':
      return t(
        `walletUi.${props.kind === 'deposit' ? 'depositTypes' : 'withdrawTypes'}.${record.merchantCode}`,
        { defaultValue: String(record.merchantCode) },
      );
    case 'amount':
      return `${formatDisplayAmount(record.fromAmount, record.fromScale)} ${record.fromCurrency}`;
    case 'credited':
      return isCredited(record.status)
        ? `${formatDisplayAmount(record.toAmount, record.toScale)} ${record.toCurrency}`
        : '—';
    case 'status':
      return (
        <span data-testid="history-status">
          {t(
            `walletUi.history.${props.kind === 'deposit' ? 'depositStatus' : 'withdrawStatus'}.${record.status}`,
            { defaultValue: String(record.status) },
          )}
        </span>
      );
    case 'remark':
      return record.remark || '—';
    case 'action':
      return record.type === 2 && uploadableStatuses.has(record.status) ? (
        <button
          type="button"
          className="wallet-link"
          onClick={() => {
            selectTab(walletTabIndex.deposit);
            setDepositView({ kind: 'upload', orderNo: record.orderNo, order: null });
          }}
          data-testid="history-upload"
        >
          {t('walletUi.history.uploadImage')}
        </button>
      ) : null;
  }
}
