import { type DeskFreeBet, deskFreeBetList } from '@sb/contract';
import { oddsUnitsText } from '@sb/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { callConsole } from '../api/console-api';
import { type CardColumn, CardTable } from '../components/card-table';
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
  const columns: CardColumn<DeskFreeBet>[] = [
    {
      id: 'campaign',
      label: t('members.freeBets.campaign'),
      cell: (bet) => (
        <>
          <span data-testid={`free-bet-title-${bet.id}`}>{bet.title || `#${bet.campaignId}`}</span>
          <div className="console-hint">
            {t('members.freeBets.ids', { id: bet.id, campaignId: bet.campaignId })}
          </div>
        </>
      ),
    },
    {
      id: 'amount',
      label: t('common.amount'),
      cell: (bet) => <span data-testid={`free-bet-amount-${bet.id}`}>{money(bet)}</span>,
    },
    {
      id: 'minOdds',
      label: t('members.freeBets.minOdds'),
      cell: (bet) => (
        <span>
          {bet.minOdds > 0 ? oddsUnitsText(bet.minOdds) : t('members.freeBets.noMinOdds')}
        </span>
      ),
    },
    {
      id: 'status',
      label: t('common.status'),
      cell: (bet) => (
        <span data-testid={`free-bet-status-${bet.id}`}>
          {t(`members.freeBets.statuses.${bet.status}`)}
        </span>
      ),
    },
    {
      id: 'grantedAt',
      label: t('members.freeBets.grantedAt'),
      cell: (bet) => <span>{formatTime(bet.grantedAt)}</span>,
    },
    {
      id: 'expiresAt',
      label: t('members.freeBets.expiresAt'),
      cell: (bet) => <span>{formatTime(bet.expiresAt)}</span>,
    },
    {
      id: 'used',
      label: t('members.freeBets.used'),
      cell: (bet) =>
        bet.orderNo ? (
          <>
            <span data-testid={`free-bet-order-${bet.id}`}>
              {t('members.freeBets.usedOn', { orderNo: bet.orderNo })}
            </span>
            {bet.usedAt ? <div className="console-hint">{formatTime(bet.usedAt)}</div> : null}
          </>
        ) : (
          <span className="console-hint">{t('members.freeBets.notUsed')}</span>
        ),
    },
  ];
  return (
    <>
      <h3>{t('members.freeBets.title')}</h3>
      <div data-testid="member-free-bets">
        <CardTable
          columns={columns}
          rows={freeBets.data.records}
          rowKey={(bet) => String(bet.id)}
          rowTestId={() => 'member-free-bet-row'}
          rowAttributes={(bet) => ({
            'data-free-bet-id': String(bet.id),
            'data-status': bet.status,
          })}
          testId="free-bets"
          empty={null}
        />
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
