import { type Bonus, deskBonusForfeit, deskBonusList } from '@sb/contract';
import { findCurrencyById } from '@sb/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { callConsole } from '../api/console-api';
import { type CardColumn, CardTable } from '../components/card-table';
import { formatMoneyGrouped } from '../components/money';
import {
  ErrorNote,
  Notice,
  Pager,
  ReasonAction,
  useConsoleText,
  useFormatTime,
} from '../components/ui';

const pageSize = 10;

/**
 * A member's bonuses, newest first: amount, where its rollover stands and when it ends; an
 * active one forfeited with a reason (finance), its money going back to the campaign's budget.
 */
export function MemberBonuses({ userId, canForfeit }: { userId: number; canForfeit: boolean }) {
  const { t } = useConsoleText();
  const formatTime = useFormatTime();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const bonuses = useQuery({
    queryKey: ['member', userId, 'bonuses', page],
    queryFn: () => callConsole(deskBonusList, { userId, page, size: pageSize }),
    placeholderData: keepPreviousData,
  });
  const forfeit = useMutation({
    mutationFn: (input: { id: number; reason: string }) => callConsole(deskBonusForfeit, input),
    // The forfeit moves the member's bonus balance and statement too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['member', userId] }),
  });
  const money = (bonus: Bonus, amount: number) =>
    `${formatMoneyGrouped(amount, bonus.scale)} ${
      findCurrencyById(bonus.currencyId)?.currencyCode ?? bonus.currencyId
    }`;
  const columns: CardColumn<Bonus>[] = [
    { id: 'id', label: t('members.bonuses.id'), cell: (bonus) => <span>#{bonus.id}</span> },
    {
      id: 'campaign',
      label: t('members.bonuses.campaign'),
      cell: (bonus) => <span>#{bonus.campaignId}</span>,
    },
    {
      id: 'amount',
      label: t('common.amount'),
      cell: (bonus) => (
        <span data-testid={`bonus-amount-${bonus.id}`}>{money(bonus, bonus.amount)}</span>
      ),
    },
    {
      id: 'status',
      label: t('common.status'),
      cell: (bonus) => (
        <>
          <span data-testid={`bonus-status-${bonus.id}`}>
            {t(`members.bonuses.statuses.${bonus.status}`)}
          </span>
          {bonus.endedAt ? (
            <div className="console-hint">
              {formatTime(bonus.endedAt)}
              {bonus.reason ? ` — ${bonus.reason}` : ''}
            </div>
          ) : null}
        </>
      ),
    },
    {
      id: 'rollover',
      label: t('members.bonuses.rollover'),
      cell: (bonus) => (
        <>
          <span data-testid={`bonus-rollover-${bonus.id}`}>
            {t('members.bonuses.rolloverValue', {
              counted: money(bonus, bonus.rolloverCounted),
              required: money(bonus, bonus.rolloverRequired),
            })}
          </span>
          <div className="console-hint">
            {t('members.bonuses.rolloverTerms', { multiple: bonus.rolloverMultiple })}
            {bonus.maxStake > 0
              ? ` · ${t('members.bonuses.maxStake', { amount: money(bonus, bonus.maxStake) })}`
              : ''}
          </div>
        </>
      ),
    },
    {
      id: 'grantedAt',
      label: t('members.bonuses.grantedAt'),
      cell: (bonus) => <span>{formatTime(bonus.grantedAt)}</span>,
    },
    {
      id: 'expiresAt',
      label: t('members.bonuses.expiresAt'),
      cell: (bonus) => (
        <span data-testid={`bonus-expires-${bonus.id}`}>{formatTime(bonus.expiresAt)}</span>
      ),
    },
  ];
  if (canForfeit)
    columns.push({
      id: 'actions',
      label: t('common.actions'),
      cell: (bonus) =>
        bonus.status === 'active' ? (
          <ReasonAction
            label={t('members.bonuses.forfeit')}
            testId={`bonus-forfeit-${bonus.id}`}
            isDanger
            isBusy={forfeit.isPending}
            question={(reason) =>
              t('members.bonuses.forfeitQuestion', {
                id: bonus.id,
                amount: money(bonus, bonus.amount),
                reason,
              })
            }
            onConfirm={(reason) => forfeit.mutate({ id: bonus.id, reason })}
          />
        ) : (
          <span className="console-hint">—</span>
        ),
    });
  const records = bonuses.data?.records ?? [];
  return (
    <div data-testid="member-bonuses">
      <Notice
        text={forfeit.data ? t('members.bonuses.forfeited', { id: forfeit.data.id }) : null}
        testId="bonus-result"
      />
      <ErrorNote error={forfeit.error} testId="bonus-forfeit-error" />
      <ErrorNote error={bonuses.error} testId="bonuses-error" />
      {bonuses.data ? (
        <>
          <CardTable
            columns={columns}
            rows={records}
            rowKey={(bonus) => String(bonus.id)}
            rowTestId={(bonus) => `bonus-${bonus.id}`}
            rowAttributes={(bonus) => ({ 'data-status': bonus.status })}
            testId="bonuses"
            empty={<p data-testid="bonuses-empty">{t('common.empty')}</p>}
          />
          <Pager
            page={page}
            size={pageSize}
            total={bonuses.data.total}
            testId="bonuses-pager"
            onPage={setPage}
          />
        </>
      ) : null}
    </div>
  );
}
