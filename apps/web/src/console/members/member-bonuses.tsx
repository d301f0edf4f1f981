import { type Bonus, deskBonusForfeit, deskBonusList } from '@sb/contract';
import { findCurrencyById } from '@sb/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { callConsole } from '../api/console-api';
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
  const labels = {
    id: t('members.bonuses.id'),
    campaign: t('members.bonuses.campaign'),
    amount: t('common.amount'),
    status: t('common.status'),
    rollover: t('members.bonuses.rollover'),
    grantedAt: t('members.bonuses.grantedAt'),
    expiresAt: t('members.bonuses.expiresAt'),
    ...(canForfeit ? { actions: t('common.actions') } : {}),
  };
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
          {records.length === 0 ? (
            <p data-testid="bonuses-empty">{t('common.empty')}</p>
          ) : (
            <div className="console-cards">
              <table className="console-table console-table--cards" data-testid="bonuses">
                <thead>
                  <tr>
                    {Object.entries(labels).map(([column, label]) => (
                      <th key={column}>{label}</th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {records.map((bonus) => (
                    <tr key={bonus.id} data-testid={`bonus-${bonus.id}`} data-status={bonus.status}>
                      <td data-label={labels.id}>
                        <span>#{bonus.id}</span>
                      </td>
                      <td data-label={labels.campaign}>
                        <span>#{bonus.campaignId}</span>
                      </td>
                      <td data-label={labels.amount}>
                        <span data-testid={`bonus-amount-${bonus.id}`}>
                          {money(bonus, bonus.amount)}
                        </span>
                      </td>
                      <td data-label={labels.status}>
                        <span data-testid={`bonus-status-${bonus.id}`}>
                          {t(`members.bonuses.statuses.${bonus.status}`)}
                        </span>
                        {bonus.endedAt ? (
                          <div className="console-hint">
                            {formatTime(bonus.endedAt)}
                            {bonus.reason ? ` — ${bonus.reason}` : ''}
                          </div>
                        ) : null}
                      </td>
                      <td data-label={labels.rollover}>
                        <span data-testid={`bonus-rollover-${bonus.id}`}>
                          {t('members.bonuses.rolloverValue', {
                            counted: money(bonus, bonus.rolloverCounted),
                            required: money(bonus, bonus.rolloverRequired),
                          })}
                        </span>
                        <div className="console-hint">
                          {t('members.bonuses.rolloverTerms', {
                            multiple: bonus.rolloverMultiple,
                          })}
                          {bonus.maxStake > 0
                            ? ` · ${t('members.bonuses.maxStake', { amount: money(bonus, bonus.maxStake) })}`
                            : ''}
                        </div>
                      </td>
                      <td data-label={labels.grantedAt}>
                        <span>{formatTime(bonus.grantedAt)}</span>
                      </td>
                      <td data-label={labels.expiresAt}>
                        <span data-testid={`bonus-expires-${bonus.id}`}>
                          {formatTime(bonus.expiresAt)}
                        </span>
                      </td>
                      {canForfeit ? (
                        <td data-label={labels.actions}>
                          {bonus.status === 'active' ? (
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
                          )}
                        </td>
                      ) : null}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
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
