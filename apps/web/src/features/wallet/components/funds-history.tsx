import type { HistoryRecord } from '@sb/contract';
import { formatDisplayAmount } from '@sb/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { depositQueryKeys, fetchDepositHistory } from '../api/deposit-calls';
import { fetchWithdrawHistory, withdrawQueryKeys } from '../api/withdraw-calls';
import {
  formatDisplayTime,
  type HistoryRangeDays,
  historyRange,
  historyRangeDays,
} from '../model/display-time';
import { useWalletScreenStore, walletTabIndex } from '../store/wallet-screen-store';
import { ChoiceChips } from './wallet-widgets';

/** SPEC §9 history page size. */
const pageSize = 10;
/** Type-2 orders the member may still send a receipt for: unpaid and cancelled (SPEC §2). */
const uploadableStatuses = new Set([1, 4]);

type HistoryKind = 'deposit' | 'withdraw';

const rangeLabels: Record<HistoryRangeDays, string> = {
  1: 'today',
  7: 'days7',
  15: 'days15',
  30: 'days30',
};

/** SPEC §2 funds history: deposits or withdrawals over a day range, a page at a time. */
export function FundsHistory() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<HistoryKind>('deposit');
  const [days, setDays] = useState<HistoryRangeDays>(1);
  const [page, setPage] = useState(1);
  // The range is fixed when chosen, so paging reads the same window.
  const [range, setRange] = useState(() => historyRange(1, Date.now()));

  const request = { page, size: pageSize, ...range };
  const history = useQuery({
    queryKey: [
      ...(kind === 'deposit' ? depositQueryKeys.history : withdrawQueryKeys.history),
      request,
    ],
    queryFn: () =>
      kind === 'deposit' ? fetchDepositHistory(request) : fetchWithdrawHistory(request),
    placeholderData: keepPreviousData,
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
      <div className="wallet-pager">
        <button
          type="button"
          className="button button--ghost"
          disabled={page <= 1}
          onClick={() => setPage(page - 1)}
          data-testid="history-previous"
        >
          {t('walletUi.history.previous')}
        </button>
        <span data-testid="history-page">{t('walletUi.history.page', { page, pages })}</span>
        <button
          type="button"
          className="button button--ghost"
          disabled={page >= pages}
          onClick={() => setPage(page + 1)}
          data-testid="history-next"
        >
          {t('walletUi.history.next')}
        </button>
      </div>
    </div>
  );
}

function HistoryTable(props: { kind: HistoryKind; records: HistoryRecord[]; isLoading: boolean }) {
  const { t } = useTranslation();
  const setDepositView = useWalletScreenStore((state) => state.setDepositView);
  const selectTab = useWalletScreenStore((state) => state.selectTab);
  const statusKey = props.kind === 'deposit' ? 'depositStatus' : 'withdrawStatus';
  const typeKey = props.kind === 'deposit' ? 'depositTypes' : 'withdrawTypes';

  const uploadFor = (orderNo: string) => {
    selectTab(walletTabIndex.deposit);
    setDepositView({ kind: 'upload', orderNo, order: null });
  };

  return (
    <table className="wallet-table" data-testid="history-table">
      <thead>
        <tr>
          <th>{t('walletUi.history.orderNo')}</th>
          <th>{t('walletUi.history.time')}</th>
          <th>{t('walletUi.history.method')}</th>
          <th>{t('walletUi.history.amount')}</th>
          <th>{t('walletUi.history.credited')}</th>
          <th>{t('walletUi.history.status')}</th>
          <th>{t('walletUi.history.remark')}</th>
          {props.kind === 'deposit' ? <th>{t('walletUi.history.action')}</th> : null}
        </tr>
      </thead>
      <tbody>
        {props.records.length === 0 ? (
          <tr>
            <td colSpan={8} className="wallet-table__empty" data-testid="history-empty">
              {props.isLoading ? t('common.loading') : t('walletUi.history.empty')}
            </td>
          </tr>
        ) : (
          props.records.map((record) => (
            <tr key={record.orderNo} data-testid="history-row" data-status={record.status}>
              <td>{record.orderNo}</td>
              <td>{formatDisplayTime(record.createTime)}</td>
              <td>
                {t(`walletUi.${typeKey}.${record.merchantCode}`, {
                  defaultValue: String(record.merchantCode),
                })}
              </td>
              <td>
                {formatDisplayAmount(record.fromAmount, record.fromScale)} {record.fromCurrency}
              </td>
              <td>
                {formatDisplayAmount(record.toAmount, record.toScale)} {record.toCurrency}
              </td>
              <td data-testid="history-status">
                {t(`walletUi.history.${statusKey}.${record.status}`, {
                  defaultValue: String(record.status),
                })}
              </td>
              <td>{record.remark}</td>
              {props.kind === 'deposit' ? (
                <td>
                  {record.type === 2 && uploadableStatuses.has(record.status) ? (
                    <button
                      type="button"
                      className="wallet-link"
                      onClick={() => uploadFor(record.orderNo)}
                      data-testid="history-upload"
                    >
                      {t('walletUi.history.uploadImage')}
                    </button>
                  ) : null}
                </td>
              ) : null}
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}
