import { type Adjustment, adjustmentDecide, adjustmentList, adjustmentStatus } from '@sb/contract';
import { findCurrencyById } from '@sb/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { callConsole } from '../api/console-api';
import { formatSignedMoney, parsePositiveId } from '../components/money';
import {
  ConfirmAction,
  ErrorNote,
  Field,
  Notice,
  Pager,
  ReasonAction,
  SelectInput,
  TextInput,
  useConsoleText,
  useFormatTime,
} from '../components/ui';
import { useSessionStore } from '../session/session-store';
import { AdjustmentForm } from './adjustment-form';

const pageSize = 20;
/** History filter values: empty for every status. */
const statusFilters = ['', '0', '1', '2'] as const;
type Decision = { id: number; decision: 'approve' | 'reject'; reason?: string };

function OperatorRef({ operatorId }: { operatorId: number | null }) {
  const { t } = useConsoleText();
  const myId = useSessionStore((state) => state.session?.operator.operatorId);
  if (operatorId === null) return <>—</>;
  return <>{operatorId === myId ? t('finance.adjustments.you') : `#${operatorId}`}</>;
}

/**
 * Why a waiting adjustment waits: above the limit on its own, or within it but past it together
 * with what was applied alone in the last 24 hours (the server holds nothing else back).
 */
function waitReasonOf(adjustment: Adjustment, approvalAboveMajor: number): 'large' | 'daily' {
  return Math.abs(adjustment.amount) > approvalAboveMajor * 10 ** adjustment.scale
    ? 'large'
    : 'daily';
}

/** Adjustments as rows; `actions` adds a last column (the queue's approve and reject). */
function AdjustmentTable({
  records,
  approvalAboveMajor,
  testId,
  actions,
}: {
  records: Adjustment[];
  approvalAboveMajor: number;
  testId: string;
  actions?: (adjustment: Adjustment) => ReactNode;
}) {
  const { t } = useConsoleText();
  const formatTime = useFormatTime();
  if (records.length === 0) return <p data-testid={`${testId}-empty`}>{t('common.empty')}</p>;
  return (
    <table className="console-table" data-testid={testId}>
      <thead>
        <tr>
          <th>{t('finance.adjustments.id')}</th>
          <th>{t('common.userId')}</th>
          <th>{t('common.amount')}</th>
          <th>{t('common.reason')}</th>
          <th>{t('common.status')}</th>
          <th>{t('finance.adjustments.askedBy')}</th>
          <th>{t('finance.adjustments.decidedBy')}</th>
          {actions ? <th>{t('common.actions')}</th> : null}
        </tr>
      </thead>
      <tbody>
        {records.map((record) => (
          <tr key={record.id} data-testid={`${testId}-row-${record.id}`}>
            <td>{record.id}</td>
            <td>{record.userId}</td>
            <td data-testid={`${testId}-amount-${record.id}`}>
              {formatSignedMoney(record.amount, record.scale)}{' '}
              {findCurrencyById(record.currencyId)?.currencyCode ?? record.currencyId}
            </td>
            <td>{record.reason}</td>
            <td data-testid={`${testId}-status-${record.id}`}>
              {t(`finance.adjustments.statuses.${record.status}`)}
              {record.status === adjustmentStatus.pending ? (
                <span className="console-hint" data-testid={`${testId}-wait-reason-${record.id}`}>
                  {' '}
                  (
                  {t(`finance.adjustments.waitReasons.${waitReasonOf(record, approvalAboveMajor)}`)}
                  )
                </span>
              ) : null}
              {record.decisionReason ? (
                <span className="console-hint"> — {record.decisionReason}</span>
              ) : null}
            </td>
            <td>
              <OperatorRef operatorId={record.createdBy} />
              <div className="console-hint">{formatTime(record.createdAt)}</div>
            </td>
            <td>
              <OperatorRef operatorId={record.decidedBy} />
              {record.decidedAt ? (
                <div className="console-hint">{formatTime(record.decidedAt)}</div>
              ) : null}
            </td>
            {actions ? <td>{actions(record)}</td> : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Adjustments waiting for a second finance operator, who approves or rejects them. */
function ApprovalQueue() {
  const { t } = useConsoleText();
  const queryClient = useQueryClient();
  const myId = useSessionStore((state) => state.session?.operator.operatorId);
  const [page, setPage] = useState(1);
  const queue = useQuery({
    queryKey: ['adjustments', 'waiting', page],
    queryFn: () =>
      callConsole(adjustmentList, { status: adjustmentStatus.pending, page, size: pageSize }),
    placeholderData: keepPreviousData,
  });
  const decide = useMutation({
    mutationFn: (decision: Decision) => callConsole(adjustmentDecide, decision),
    onSuccess: (decided) => queryClient.invalidateQueries({ queryKey: ['member', decided.userId] }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['adjustments'] }),
  });
  const decided = decide.data;
  const result = decided
    ? decided.applied
      ? t(
          decided.status === adjustmentStatus.applied
            ? 'finance.adjustments.approved'
            : 'finance.adjustments.rejected',
          { id: decided.id },
        )
      : t('finance.adjustments.alreadyDecided', {
          id: decided.id,
          status: t(`finance.adjustments.statuses.${decided.status}`),
        })
    : null;
  return (
    <section className="console-section">
      <h2>{t('finance.adjustments.queueTitle')}</h2>
      <p className="console-hint" data-testid="adjust-approval-above">
        {queue.data
          ? t('finance.adjustments.queueHint', {
              amount: queue.data.approvalAboveMajor.toLocaleString('en-US'),
            })
          : null}
      </p>
      <button
        type="button"
        className="console-button console-button--quiet"
        data-testid="adjust-queue-refresh"
        onClick={() => void queue.refetch()}
      >
        {t('common.refresh')}
      </button>
      <Notice text={result} testId="adjust-decision-result" />
      <ErrorNote error={decide.error} testId="adjust-decision-error" />
      <ErrorNote error={queue.error} testId="adjust-queue-error" />
      {queue.data ? (
        <>
          <AdjustmentTable
            records={queue.data.records}
            approvalAboveMajor={queue.data.approvalAboveMajor}
            testId="adjust-queue"
            actions={(record) =>
              record.createdBy === myId ? (
                <span className="console-hint" data-testid={`adjust-own-${record.id}`}>
                  {t('finance.adjustments.ownRequest')}
                </span>
              ) : (
                <span className="console-row">
                  <ConfirmAction
                    label={t('finance.adjustments.approve')}
                    question={t('finance.adjustments.approveQuestion', {
                      id: record.id,
                      userId: record.userId,
                      amount: formatSignedMoney(record.amount, record.scale),
                      currency:
                        findCurrencyById(record.currencyId)?.currencyCode ?? record.currencyId,
                    })}
                    testId={`adjust-approve-${record.id}`}
                    isBusy={decide.isPending}
                    onConfirm={() => decide.mutate({ id: record.id, decision: 'approve' })}
                  />
                  <ReasonAction
                    label={t('finance.adjustments.reject')}
                    testId={`adjust-reject-${record.id}`}
                    isDanger
                    isBusy={decide.isPending}
                    question={(reason) =>
                      t('finance.adjustments.rejectQuestion', { id: record.id, reason })
                    }
                    onConfirm={(reason) =>
                      decide.mutate({ id: record.id, decision: 'reject', reason })
                    }
                  />
                </span>
              )
            }
          />
          <Pager
            page={page}
            size={pageSize}
            total={queue.data.total}
            testId="adjust-queue-pager"
            onPage={setPage}
          />
        </>
      ) : null}
    </section>
  );
}

/** Every adjustment, newest first, by status and member. */
function AdjustmentHistory() {
  const { t } = useConsoleText();
  const [status, setStatus] = useState<(typeof statusFilters)[number]>('');
  const [userIdText, setUserIdText] = useState('');
  const [page, setPage] = useState(1);
  const userId = parsePositiveId(userIdText);
  const history = useQuery({
    queryKey: ['adjustments', 'history', status, userId, page],
    queryFn: () =>
      callConsole(adjustmentList, {
        ...(status ? { status: Number(status) } : {}),
        ...(userId ? { userId } : {}),
        page,
        size: pageSize,
      }),
    placeholderData: keepPreviousData,
  });
  return (
    <section className="console-section">
      <h2>{t('finance.adjustments.historyTitle')}</h2>
      <div className="console-row">
        <Field label={t('common.status')}>
          <SelectInput
            value={status}
            testId="adjust-history-status"
            choices={statusFilters.map((value) => ({
              value,
              label: value ? t(`finance.adjustments.statuses.${value}`) : t('common.all'),
            }))}
            onValue={(value) => {
              setStatus(value);
              setPage(1);
            }}
          />
        </Field>
        <Field label={t('finance.adjustments.memberFilter')}>
          <TextInput
            inputMode="numeric"
            value={userIdText}
            testId="adjust-history-user-id"
            onValue={(text) => {
              setUserIdText(text);
              setPage(1);
            }}
          />
        </Field>
      </div>
      <ErrorNote error={history.error} testId="adjust-history-error" />
      {history.data ? (
        <>
          <AdjustmentTable
            records={history.data.records}
            approvalAboveMajor={history.data.approvalAboveMajor}
            testId="adjust-history"
          />
          <Pager
            page={page}
            size={pageSize}
            total={history.data.total}
            testId="adjust-history-pager"
            onPage={setPage}
          />
        </>
      ) : null}
    </section>
  );
}

/** The finance desk's adjustments: ask for one, decide others' waiting ones, read the history. */
export function Adjustments() {
  return (
    <>
      <AdjustmentForm />
      <ApprovalQueue />
      <AdjustmentHistory />
    </>
  );
}
