import { type DeskFreeBet, deskFreeBetList } from '@sb/contract';
import { oddsUnitsText } from '@sb/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { callConsole } from '../api/console-api';
import { formatMoneyGrouped } from '../components/money';
import { ErrorNote, Pager, useConsoleText, useFormatTime } from '../components/ui';

const pageSize = 10;

/**
 * A member's free bets, newest first: amount, least odds, status, granted, expiry, the order a
 * used one staked and the campaign's title in the operator's language. Nothing at all, heading
 * included, for a member who never had one.
 */
export function MemberFreeBets({ userId }: { userId: number }) {
  const { t, language } = useConsoleText();
  const formatTime = useFormatTime();
  const [page, setPage] = useState(1);
  const freeBets = useQuery({
    queryKey: ['member', userId, 'free-bets', page, language],
    queryFn: () => {
      // `lang` is a common field of every call: the server answers the titles in it.
      const input = { userId, page, size: pageSize, lang: language };
      return callConsole(deskFreeBetList, input);
    },
    placeholderData: keepPreviousData,
  });
  if (freeBets.error)
    return (
      <>
        <h3>{t('members.freeBets.title')}</h3>
        <ErrorNote error={freeBets.error} testId="free-bets-error" />
      </>
    );
  if (!freeBets.data || freeBets.data.total === 0) return null;
  const money = (bet: DeskFreeBet) =>
    `${formatMoneyGrouped(bet.amount, bet.scale)} ${bet.currencyCode || bet.currencyId}`;
  const labels = {
    campaign: t('members.freeBets.campaign'),
    amount: t('common.amount'),
    minOdds: t('members.freeBets.minOdds'),
    status: t('common.status'),
    grantedAt: t('members.freeBets.grantedAt'),
    expiresAt: t('members.freeBets.expiresAt'),
    used: t('members.freeBets.used'),
  };
  return (
    <>
      <h3>{t('members.freeBets.title')}</h3>
      <div data-testid="member-free-bets">
        <div className="console-cards">
          <table className="console-table console-table--cards" data-testid="free-bets">
            <thead>
              <tr>
                {Object.entries(labels).map(([column, label]) => (
                  <th key={column}>{label}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {freeBets.data.records.map((bet) => (
                <tr
                  key={bet.id}
                  data-testid="member-free-bet-row"
                  data-free-bet-id={bet.id}
                  data-status={bet.status}
                >
                  <td data-label={labels.campaign}>
                    <span data-testid={`free-bet-title-${bet.id}`}>
                      {bet.title || `#${bet.campaignId}`}
                    </span>
                    <div className="console-hint">
                      {t('members.freeBets.ids', { id: bet.id, campaignId: bet.campaignId })}
                    </div>
                  </td>
                  <td data-label={labels.amount}>
                    <span data-testid={`free-bet-amount-${bet.id}`}>{money(bet)}</span>
                  </td>
                  <td data-label={labels.minOdds}>
                    <span>
                      {bet.minOdds > 0
                        ? oddsUnitsText(bet.minOdds)
                        : t('members.freeBets.noMinOdds')}
                    </span>
                  </td>
                  <td data-label={labels.status}>
                    <span data-testid={`free-bet-status-${bet.id}`}>
                      {t(`members.freeBets.statuses.${bet.status}`)}
                    </span>
                  </td>
                  <td data-label={labels.grantedAt}>
                    <span>{formatTime(bet.grantedAt)}</span>
                  </td>
                  <td data-label={labels.expiresAt}>
                    <span>{formatTime(bet.expiresAt)}</span>
                  </td>
                  <td data-label={labels.used}>
                    {bet.orderNo ? (
                      <>
                        <span data-testid={`free-bet-order-${bet.id}`}>
                          {t('members.freeBets.usedOn', { orderNo: bet.orderNo })}
                        </span>
                        {bet.usedAt ? (
                          <div className="console-hint">{formatTime(bet.usedAt)}</div>
                        ) : null}
                      </>
                    ) : (
                      <span className="console-hint">{t('members.freeBets.notUsed')}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pager
          page={page}
          size={pageSize}
          total={freeBets.data.total}
          testId="free-bets-pager"
          onPage={setPage}
        />
      </div>
    </>
  );
}
