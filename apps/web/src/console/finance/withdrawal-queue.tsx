import { withdrawPayoutOutcome, withdrawQueue, withdrawReview, withdrawStatus } from '@sb/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { callConsole } from '../api/console-api';
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
} from '../components/ui';
import {
  QueuedWithdrawalCells,
  QueuedWithdrawalHead,
  useQueueLabels,
} from './queued-withdrawal-row';

/** One step an operator takes on a withdrawal; the reason is required to reject or fail. */
type WithdrawStep =
  | { orderNo: string; call: 'review'; decision: 'approve' | 'reject'; reason?: string }
  | { orderNo: string; call: 'payout'; outcome: 'completed' | 'failed'; reason?: string };

function takeStep(step: WithdrawStep) {
  if (step.call === 'review') {
    const { orderNo, decision, reason } = step;
    return callConsole(withdrawReview, { orderNo, decision, ...(reason ? { reason } : {}) });
  }
  const { orderNo, outcome, reason } = step;
  return callConsole(withdrawPayoutOutcome, { orderNo, outcome, ...(reason ? { reason } : {}) });
}

const pageSize = 20;
const reviewable: readonly number[] = [withdrawStatus.onWithdrawal, withdrawStatus.locking];
/** Status filter values: empty for the server's default, those waiting for review. */
const statusFilters = ['', '2', '3', '4', '5'] as const;

function WithdrawActions({
  orderNo,
  status,
  testId,
  isBusy,
  onStep,
}: {
  orderNo: string;
  /** The withdrawal's status, or undefined to offer every step (the server refuses wrong ones). */
  status: number | undefined;
  testId: string;
  isBusy: boolean;
  onStep(step: WithdrawStep): void;
}) {
  const { t } = useConsoleText();
  const canReview = status === undefined || reviewable.includes(status);
  const canRecordPayout = status === undefined || status === withdrawStatus.waitingForAccount;
  return (
    <span className="console-row">
      {canReview ? (
        <>
          <ConfirmAction
            label={t('finance.withdrawals.approve')}
            question={t('finance.withdrawals.approveQuestion', { orderNo })}
            testId={`${testId}-approve`}
            isBusy={isBusy}
            onConfirm={() => onStep({ orderNo, call: 'review', decision: 'approve' })}
          />
          <ReasonAction
            label={t('finance.withdrawals.reject')}
            testId={`${testId}-reject`}
            isDanger
            isBusy={isBusy}
            question={(reason) => t('finance.withdrawals.rejectQuestion', { orderNo, reason })}
            onConfirm={(reason) => onStep({ orderNo, call: 'review', decision: 'reject', reason })}
          />
        </>
      ) : null}
      {canRecordPayout ? (
        <>
          <ConfirmAction
            label={t('finance.withdrawals.completed')}
            question={t('finance.withdrawals.completedQuestion', { orderNo })}
            testId={`${testId}-completed`}
            isBusy={isBusy}
            onConfirm={() => onStep({ orderNo, call: 'payout', outcome: 'completed' })}
          />
          <ReasonAction
            label={t('finance.withdrawals.failed')}
            testId={`${testId}-failed`}
            isDanger
            isBusy={isBusy}
            question={(reason) => t('finance.withdrawals.failedQuestion', { orderNo, reason })}
            onConfirm={(reason) => onStep({ orderNo, call: 'payout', outcome: 'failed', reason })}
          />
        </>
      ) : null}
    </span>
  );
}

/** The withdrawal queue, and the same steps by order number for a withdrawal known by it. */
export function WithdrawalQueue() {
  const { t } = useConsoleText();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<(typeof statusFilters)[number]>('');
  const [page, setPage] = useState(1);
  const [orderNo, setOrderNo] = useState('');
  const labels = useQueueLabels();
  const queue = useQuery({
    queryKey: ['withdrawQueue', status, page],
    queryFn: () =>
      callConsole(withdrawQueue, {
        ...(status ? { status: Number(status) } : {}),
        page,
        size: pageSize,
      }),
    placeholderData: keepPreviousData,
  });
  const step = useMutation({
    mutationFn: takeStep,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['withdrawQueue'] }),
  });
  const result = step.data
    ? step.data.applied
      ? t('finance.withdrawals.result', {
          orderNo: step.data.withdrawal.orderNo,
          status: t(`finance.withdrawals.statuses.${step.data.withdrawal.status}`),
        })
      : t('common.notChanged')
    : null;

  return (
    <section className="console-section">
      <h2>{t('finance.withdrawals.title')}</h2>
      <div className="console-row">
        <Field label={t('finance.withdrawals.statusFilter')}>
          <SelectInput
            value={status}
            testId="withdraw-status-filter"
            choices={statusFilters.map((value) => ({
              value,
              label: value
                ? t(`finance.withdrawals.statuses.${value}`)
                : t('finance.withdrawals.waiting'),
            }))}
            onValue={(value) => {
              setStatus(value);
              setPage(1);
            }}
          />
        </Field>
        <button
          type="button"
          className="console-button console-button--quiet"
          data-testid="withdraw-refresh"
          onClick={() => void queue.refetch()}
        >
          {t('common.refresh')}
        </button>
      </div>
      <p className="console-hint">{t('finance.withdrawals.memberTimeHint')}</p>
      <Notice text={result} testId="withdraw-result" />
      <ErrorNote error={step.error} testId="withdraw-step-error" />
      <ErrorNote error={queue.error} testId="withdraw-queue-error" />
      {queue.data ? (
        <>
          <div className="console-cards">
            <table className="console-table console-table--cards" data-testid="withdraw-queue">
              <thead>
                <QueuedWithdrawalHead />
              </thead>
              <tbody>
                {queue.data.records.map((record) => (
                  <tr key={record.orderNo} data-testid={`withdraw-row-${record.orderNo}`}>
                    <QueuedWithdrawalCells record={record} />
                    <td data-label={labels.actions}>
                      <WithdrawActions
                        orderNo={record.orderNo}
                        status={record.status}
                        testId={`withdraw-${record.orderNo}`}
                        isBusy={step.isPending}
                        onStep={(chosen) => step.mutate(chosen)}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {queue.data.records.length === 0 ? <p>{t('common.empty')}</p> : null}
          <Pager
            page={page}
            size={pageSize}
            total={queue.data.total}
            testId="withdraw-pager"
            onPage={setPage}
          />
        </>
      ) : null}

      <h3>{t('finance.withdrawals.byOrderTitle')}</h3>
      <p className="console-hint">{t('finance.withdrawals.byOrderHint')}</p>
      <div className="console-row">
        <Field label={t('common.orderNo')}>
          <TextInput
            value={orderNo}
            maxLength={64}
            testId="withdraw-order-no"
            onValue={(text) => setOrderNo(text.trim())}
          />
        </Field>
        {orderNo ? (
          <WithdrawActions
            orderNo={orderNo}
            status={undefined}
            testId="withdraw-by-order"
            isBusy={step.isPending}
            onStep={(chosen) => step.mutate(chosen)}
          />
        ) : null}
      </div>
    </section>
  );
}
