import { memberBlock, memberDetail, memberRiskSet } from '@sb/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { callConsole } from '../api/console-api';
import { canAct } from '../app/desks';
import { formatMoney, parsePositiveId } from '../components/money';
import { ErrorNote, Notice, ReasonAction, useConsoleText, useFormatTime } from '../components/ui';
import { useSessionStore } from '../session/session-store';
import { MemberBonuses } from './member-bonuses';
import { MemberFreeBets } from './member-free-bets';
import { MemberGameSwitches } from './member-game-switches';
import { MemberStatement } from './member-statement';
import { RiskForm } from './risk-form';

/**
 * One member: profile, balances, statement, bonuses, free bets, risk settings, open bets; block,
 * adjustments, bonus forfeits and risk changes by role.
 */
export function MemberDetail() {
  const { t } = useConsoleText();
  const formatTime = useFormatTime();
  const queryClient = useQueryClient();
  const roles = useSessionStore((state) => state.session?.operator.roles ?? []);
  const userId = parsePositiveId(useParams().userId ?? '') ?? 0;
  const [notice, setNotice] = useState<string | null>(null);
  const detail = useQuery({
    queryKey: ['member', userId],
    queryFn: () => callConsole(memberDetail, { userId }),
    enabled: userId > 0,
  });
  const block = useMutation({
    mutationFn: (input: { blocked: boolean; reason: string }) =>
      callConsole(memberBlock, { userId, ...input }),
    onMutate: () => setNotice(null),
    onSuccess: (answer) => setNotice(answer.applied ? t('common.done') : t('common.notChanged')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['member', userId] }),
  });
  const liveVideo = useMutation({
    mutationFn: (input: { isShow: boolean; reason: string }) =>
      callConsole(memberRiskSet, { userId, ...input }),
    onMutate: () => setNotice(null),
    onSuccess: () => setNotice(t('common.done')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['member', userId] }),
  });
  const member = detail.data;
  // A phone shows each balance as a card of labelled lines, so the page never scrolls sideways.
  const balanceLabels = {
    currency: t('common.currency'),
    amount: t('common.amount'),
    frozen: t('members.detail.frozen'),
    available: t('members.detail.available'),
    credit: t('members.detail.credit'),
    owed: t('members.detail.owed'),
  };
  return (
    <section className="console-section" data-testid="member-detail">
      <Link to="/members" data-testid="member-back">
        {t('members.detail.back')}
      </Link>
      <h2>{t('members.detail.title', { userId })}</h2>
      <ErrorNote error={detail.error} testId="member-detail-error" />
      <Notice text={notice} testId="member-result" />
      <ErrorNote error={block.error} testId="member-block-error" />
      <ErrorNote error={liveVideo.error} testId="member-is-show-error" />
      {member ? (
        <>
          <h3>{t('members.detail.profile')}</h3>
          <dl className="console-facts">
            <dt>{t('members.uid')}</dt>
            <dd>{member.uid}</dd>
            <dt>{t('members.account')}</dt>
            <dd data-testid="member-account">{member.account ?? '—'}</dd>
            <dt>{t('members.type')}</dt>
            <dd>{t(`members.types.${member.type}`, { defaultValue: String(member.type) })}</dd>
            <dt>{t('members.createdAt')}</dt>
            <dd>{formatTime(member.createdAt)}</dd>
            <dt>{t('members.blocked')}</dt>
            <dd data-testid="member-blocked">
              {member.blockedAt
                ? t('members.detail.blockedSince', { time: formatTime(member.blockedAt) })
                : t('members.detail.notBlocked')}
            </dd>
            <dt>{t('members.detail.openOrders')}</dt>
            <dd>{member.openOrders}</dd>
            <dt>{t('members.detail.hasWithdrawPassword')}</dt>
            <dd>{member.hasWithdrawPassword ? t('common.yes') : t('common.no')}</dd>
            <dt>{t('members.detail.withdrawLocked')}</dt>
            <dd>{member.withdrawLocked ? t('common.yes') : t('common.no')}</dd>
            <dt>{t('members.detail.isShow')}</dt>
            <dd data-testid="member-is-show">{member.isShow ? t('common.yes') : t('common.no')}</dd>
          </dl>
          {canAct(roles, 'trader') ? (
            <ReasonAction
              label={member.isShow ? t('members.detail.isShowOff') : t('members.detail.isShowOn')}
              testId="member-is-show-toggle"
              isBusy={liveVideo.isPending}
              onConfirm={(reason) => liveVideo.mutate({ isShow: !member.isShow, reason })}
            />
          ) : null}
          {canAct(roles, 'support') ? (
            <ReasonAction
              label={member.blockedAt ? t('members.detail.unblock') : t('members.detail.block')}
              testId="member-block"
              isDanger={!member.blockedAt}
              isBusy={block.isPending}
              onConfirm={(reason) => block.mutate({ blocked: !member.blockedAt, reason })}
            />
          ) : null}

          <h3>{t('members.detail.balances')}</h3>
          {canAct(roles, 'finance') ? (
            <Link to={`/finance/adjustments?userId=${userId}`} data-testid="member-adjust">
              {t('members.detail.adjust')}
            </Link>
          ) : null}
          <div className="console-cards">
            <table className="console-table console-table--cards" data-testid="member-balances">
              <thead>
                <tr>
                  {Object.entries(balanceLabels).map(([column, label]) => (
                    <th key={column}>{label}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {member.balances.map((balance) => (
                  <tr key={balance.currencyId}>
                    <td data-label={balanceLabels.currency}>
                      <span>{balance.currencyCode}</span>
                    </td>
                    <td data-label={balanceLabels.amount}>
                      <span>{formatMoney(balance.amount, balance.scale)}</span>
                    </td>
                    <td data-label={balanceLabels.frozen}>
                      <span>{formatMoney(balance.frozen, balance.scale)}</span>
                    </td>
                    <td data-label={balanceLabels.available}>
                      <span>{formatMoney(balance.amount - balance.frozen, balance.scale)}</span>
                    </td>
                    <td data-label={balanceLabels.credit}>
                      <span>{formatMoney(balance.creditAmount, balance.scale)}</span>
                    </td>
                    <td data-label={balanceLabels.owed}>
                      <span>{formatMoney(balance.loanAmount, balance.scale)}</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          {canAct(roles, 'finance', 'support') ? (
            <>
              <h3>{t('members.statement.title')}</h3>
              <MemberStatement
                userId={userId}
                currencyIds={member.balances.map((balance) => balance.currencyId)}
              />
            </>
          ) : null}

          {canAct(roles, 'finance', 'support') ? (
            <>
              <h3>{t('members.bonuses.title')}</h3>
              <MemberBonuses userId={userId} canForfeit={canAct(roles, 'finance')} />
              <MemberFreeBets userId={userId} />
            </>
          ) : null}

          {canAct(roles, 'support') ? (
            <>
              <h3>{t('gameSwitches.title')}</h3>
              <MemberGameSwitches key={userId} userId={userId} current={member.gameSwitches} />
            </>
          ) : null}

          <h3>{t('members.detail.risk')}</h3>
          <RiskForm
            userId={userId}
            currencyId={member.currencyId}
            risk={member.risk}
            canEdit={canAct(roles, 'trader')}
          />
        </>
      ) : null}
    </section>
  );
}
