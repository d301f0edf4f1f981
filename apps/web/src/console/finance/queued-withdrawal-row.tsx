import type { QueuedPayee, QueuedWithdrawal } from '@sb/contract';
import { formatMoneyGrouped } from '../components/money';
import { useConsoleText, useFormatMemberTime } from '../components/ui';

/** The queue's column names, for its head and, on a narrow screen, beside each value. */
export function useQueueLabels() {
  const { t } = useConsoleText();
  return {
    orderNo: t('common.orderNo'),
    member: t('finance.withdrawals.member'),
    amount: t('common.amount'),
    payee: t('finance.withdrawals.payee'),
    balance: t('finance.withdrawals.balance'),
    askedAt: t('finance.withdrawals.askedAt'),
    status: t('common.status'),
    actions: t('common.actions'),
  };
}

/** The member: account name and id (the id is what other desks and the member's messages use). */
function MemberCell({ record }: { record: QueuedWithdrawal }) {
  const { t } = useConsoleText();
  return (
    <td data-testid="withdraw-member" data-label={useQueueLabels().member}>
      <strong>{record.account ?? t('finance.withdrawals.noAccountName')}</strong>
      <div className="console-hint">
        {t('finance.withdrawals.memberId', { userId: record.userId })}
      </div>
    </td>
  );
}

/** Where the money goes: the kind (with a Pix key's kind), the holder, the masked number. */
function PayeeCell({ record }: { record: QueuedWithdrawal }) {
  const { t } = useConsoleText();
  const kind = t(`finance.withdrawals.kinds.${record.merchantCode}`, {
    defaultValue: String(record.merchantCode),
  });
  const payee: QueuedPayee | null = record.payee;
  const label = useQueueLabels().payee;
  if (!payee)
    return (
      <td data-testid="withdraw-payee" data-label={label}>
        <strong>{kind}</strong>
        <div className="console-hint">{t('finance.withdrawals.backToDeposit')}</div>
      </td>
    );
  const pixKind = payee.accountType
    ? t(`finance.withdrawals.pixKinds.${payee.accountType}`, { defaultValue: payee.accountType })
    : null;
  return (
    <td data-testid="withdraw-payee" data-label={label}>
      <strong>{pixKind ? `${kind} · ${pixKind}` : kind}</strong>
      {payee.holder ? <div data-testid="withdraw-payee-holder">{payee.holder}</div> : null}
      <code className="console-nowrap" data-testid="withdraw-payee-number">
        {payee.maskedNumber}
      </code>
      {payee.bankName ? <div className="console-hint">{payee.bankName}</div> : null}
    </td>
  );
}

/** The member's balance in the withdrawal's currency: what they may spend and what is frozen. */
function BalanceCell({ record }: { record: QueuedWithdrawal }) {
  const { t } = useConsoleText();
  const show = (minor: number) =>
    `${formatMoneyGrouped(minor, record.scale)} ${record.fromCurrency}`;
  return (
    <td data-testid="withdraw-balance" data-label={useQueueLabels().balance}>
      <div className="console-nowrap">
        {t('finance.withdrawals.available', {
          amount: show(record.balance.amount - record.balance.frozen),
        })}
      </div>
      <div className="console-hint console-nowrap">
        {t('finance.withdrawals.frozen', { amount: show(record.balance.frozen) })}
      </div>
    </td>
  );
}

/** The queue's columns but the actions, in the order of the table's head. */
export function QueuedWithdrawalCells({ record }: { record: QueuedWithdrawal }) {
  const { t } = useConsoleText();
  const formatMemberTime = useFormatMemberTime();
  const labels = useQueueLabels();
  return (
    <>
      <td data-label={labels.orderNo}>{record.orderNo}</td>
      <MemberCell record={record} />
      <td className="console-nowrap" data-testid="withdraw-amount" data-label={labels.amount}>
        {formatMoneyGrouped(record.amount, record.scale)} {record.fromCurrency}
      </td>
      <PayeeCell record={record} />
      <BalanceCell record={record} />
      <td data-testid="withdraw-time" data-label={labels.askedAt}>
        {formatMemberTime(record.createTime)}
      </td>
      <td data-label={labels.status}>{t(`finance.withdrawals.statuses.${record.status}`)}</td>
    </>
  );
}

/** The head of the queue's table, matching `QueuedWithdrawalCells`, then the actions. */
export function QueuedWithdrawalHead() {
  const labels = useQueueLabels();
  return (
    <tr>
      {Object.entries(labels).map(([column, label]) => (
        <th key={column}>{label}</th>
      ))}
    </tr>
  );
}
