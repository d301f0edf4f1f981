import { memberStatement } from '@sb/contract';
import { findCurrencyById } from '@sb/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { callConsole } from '../api/console-api';
import { formatMoneyGrouped, formatSignedMoney } from '../components/money';
import {
  ErrorNote,
  Field,
  Pager,
  SelectInput,
  useConsoleText,
  useFormatTime,
} from '../components/ui';

const pageSize = 20;

/**
 * A member's ledger movements, newest first, one posting a line with the balance it left in its
 * currency and bucket, paged as the call pages them.
 */
export function MemberStatement({
  userId,
  currencyIds,
}: {
  userId: number;
  /** The member's currencies, offered as a filter. */
  currencyIds: readonly number[];
}) {
  const { t } = useConsoleText();
  const formatTime = useFormatTime();
  const [currencyId, setCurrencyId] = useState(0);
  const [page, setPage] = useState(1);
  const statement = useQuery({
    queryKey: ['member', userId, 'statement', currencyId, page],
    queryFn: () =>
      callConsole(memberStatement, {
        userId,
        ...(currencyId ? { currencyId } : {}),
        page,
        size: pageSize,
      }),
    placeholderData: keepPreviousData,
  });
  const records = statement.data?.records ?? [];
  // A phone shows each line as a card of labelled lines, so the page never scrolls sideways.
  const labels = {
    time: t('common.time'),
    kind: t('members.statement.kind'),
    reference: t('members.statement.reference'),
    currency: t('common.currency'),
    bucket: t('members.statement.bucket'),
    amount: t('common.amount'),
    balanceAfter: t('members.statement.balanceAfter'),
  };
  return (
    <div data-testid="member-statement">
      <div className="console-row">
        <Field label={t('common.currency')}>
          <SelectInput
            value={currencyId}
            testId="statement-currency"
            choices={[
              { value: 0, label: t('common.all') },
              ...currencyIds.map((id) => ({
                value: id,
                label: findCurrencyById(id)?.currencyCode ?? String(id),
              })),
            ]}
            onValue={(value) => {
              setCurrencyId(value);
              setPage(1);
            }}
          />
        </Field>
        <button
          type="button"
          className="console-button console-button--quiet"
          data-testid="statement-refresh"
          onClick={() => void statement.refetch()}
        >
          {t('common.refresh')}
        </button>
      </div>
      <p className="console-hint">{t('members.statement.hint')}</p>
      <ErrorNote error={statement.error} testId="statement-error" />
      {statement.data ? (
        <>
          {records.length === 0 ? (
            <p data-testid="statement-empty">{t('common.empty')}</p>
          ) : (
            <div className="console-cards">
              <table className="console-table console-table--cards" data-testid="statement-lines">
                <thead>
                  <tr>
                    {Object.entries(labels).map(([column, label]) => (
                      <th key={column}>{label}</th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {records.map((line) => {
                    const currency = findCurrencyById(line.currencyId);
                    return (
                      <tr
                        key={`${line.transactionId}-${line.bucket}-${line.currencyId}`}
                        data-testid={`statement-line-${line.transactionId}`}
                        data-kind={line.kind}
                      >
                        <td data-label={labels.time}>
                          <span>{formatTime(line.at)}</span>
                        </td>
                        <td data-label={labels.kind}>
                          <span>
                            {t(`members.statement.kinds.${line.kind}`, { defaultValue: line.kind })}
                          </span>
                        </td>
                        <td data-label={labels.reference} data-testid="statement-reference">
                          <span>{line.reference ?? '—'}</span>
                        </td>
                        <td data-label={labels.currency}>
                          <span>{currency?.currencyCode ?? line.currencyId}</span>
                        </td>
                        <td data-label={labels.bucket}>
                          <span>
                            {t(`members.statement.buckets.${line.bucket}`, {
                              defaultValue: line.bucket,
                            })}
                          </span>
                        </td>
                        <td data-label={labels.amount} data-testid="statement-amount">
                          <span>{formatSignedMoney(line.amount, currency?.scale ?? 0)}</span>
                        </td>
                        <td data-label={labels.balanceAfter} data-testid="statement-balance-after">
                          <span>{formatMoneyGrouped(line.balanceAfter, currency?.scale ?? 0)}</span>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
          <Pager
            page={page}
            size={pageSize}
            total={statement.data.total}
            testId="statement-pager"
            onPage={setPage}
          />
        </>
      ) : null}
    </div>
  );
}
