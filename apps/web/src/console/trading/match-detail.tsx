import { tradingHold, tradingMatch, tradingVoid } from '@sb/contract';
import { findCurrencyById } from '@sb/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { callConsole } from '../api/console-api';
import { formatMoney, parsePositiveId } from '../components/money';
import {
  ConfirmDialog,
  ErrorNote,
  Notice,
  ReasonAction,
  useConsoleText,
  useFormatTime,
} from '../components/ui';
import { MarketSettlement } from './market-settlement';
import { tradingRefreshMs } from './match-list';
import { useTradingWords } from './trading-text';

/** A market by its play and specifiers, as the hold and void calls name it. */
interface MarketKey {
  playId: number;
  specifiers: string;
  name: string;
}

function marketTestId(market: { playId: number; specifiers: string }): string {
  return market.specifiers
    ? `market-${market.playId}-${market.specifiers}`
    : `market-${market.playId}`;
}

/** One match: its markets with state, holds and liability; suspend, reopen, void and settle. */
export function MatchDetail() {
  const { t } = useConsoleText();
  const words = useTradingWords();
  const formatTime = useFormatTime();
  const queryClient = useQueryClient();
  const eventId = parsePositiveId(useParams().eventId ?? '') ?? 0;
  const [notice, setNotice] = useState<string | null>(null);
  const [pendingVoid, setPendingVoid] = useState<(MarketKey & { reason: string }) | null>(null);
  /** The market whose settlement form is open, by its test id. */
  const [settling, setSettling] = useState<string | null>(null);
  const match = useQuery({
    queryKey: ['tradingMatch', eventId],
    queryFn: () => callConsole(tradingMatch, { eventId }),
    enabled: eventId > 0,
    refetchInterval: tradingRefreshMs,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['tradingMatch', eventId] });
  const hold = useMutation({
    mutationFn: (input: { playId?: number; specifiers?: string; held: boolean; reason: string }) =>
      callConsole(tradingHold, { eventId, ...input }),
    onMutate: () => setNotice(null),
    onSuccess: (answer) =>
      setNotice(
        answer.applied
          ? t('trading.detail.holdApplied', {
              state: t(answer.hold ? 'trading.detail.holdOn' : 'trading.detail.holdOff'),
            })
          : t('common.notChanged'),
      ),
    onSettled: refresh,
  });
  const voidMarket = useMutation({
    mutationFn: (input: { playId: number; specifiers: string; reason: string }) =>
      callConsole(tradingVoid, { eventId, ...input }),
    onMutate: () => setNotice(null),
    onSuccess: (answer) =>
      setNotice(
        answer.applied
          ? t('trading.detail.voided', { count: answer.ordersVoided })
          : t('trading.detail.alreadyVoided'),
      ),
    onSettled: () => {
      setPendingVoid(null);
      return refresh();
    },
  });
  const data = match.data;
  const settlingMarket = data?.markets.find((market) => marketTestId(market) === settling);
  return (
    <section className="console-section" data-testid="match-detail">
      <Link to="/trading" data-testid="match-back">
        {t('trading.detail.back')}
      </Link>
      <ErrorNote error={match.error} testId="match-error" />
      <Notice text={notice} testId="trading-result" />
      <ErrorNote error={hold.error ?? voidMarket.error} testId="trading-step-error" />
      {data ? (
        <>
          <h2 data-testid="match-name">{data.name}</h2>
          <p>
            {data.leagueName} · {formatTime(data.startTime)} · {words.matchStatus(data.status)} ·{' '}
            {data.homeScore} : {data.awayScore}
            {data.isBetStopped ? (
              <span className="console-tag">{t('trading.betStopped')}</span>
            ) : null}
          </p>
          {data.isOffBook ? (
            <p className="console-hint" data-testid="match-off-book">
              {t('trading.detail.offBook')}
            </p>
          ) : null}
          <div className="console-row" data-testid="match-hold-state">
            <strong>{t('trading.detail.matchHold')}</strong>
            {data.hold ? (
              <span className="console-tag console-tag--danger">
                {t('trading.held', { reason: data.hold.reason })}
              </span>
            ) : null}
            {data.isOffBook ? null : (
              <ReasonAction
                label={data.hold ? t('trading.detail.reopen') : t('trading.detail.suspend')}
                testId="match-hold"
                isDanger={!data.hold}
                isBusy={hold.isPending}
                onConfirm={(reason) => hold.mutate({ held: !data.hold, reason })}
              />
            )}
          </div>
          <table className="console-table" data-testid="markets">
            <thead>
              <tr>
                <th>{t('trading.detail.market')}</th>
                <th>{t('common.status')}</th>
                <th>{t('trading.detail.takesBets')}</th>
                <th>{t('trading.detail.outcomes')}</th>
                <th>{t('common.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {data.markets.map((market) => {
                const testId = marketTestId(market);
                const key = { playId: market.playId, specifiers: market.specifiers };
                return (
                  <tr key={testId} data-testid={testId}>
                    <td>
                      {market.name}
                      {market.specifiers ? (
                        <div className="console-hint" data-testid={`${testId}-line`}>
                          {words.marketLine(market.specifiers)}
                        </div>
                      ) : null}
                    </td>
                    <td>
                      {words.marketStatus(market.status)}
                      {market.hold ? (
                        <span
                          className="console-tag console-tag--danger"
                          data-testid={`${testId}-held`}
                        >
                          {t('trading.held', { reason: market.hold.reason })}
                        </span>
                      ) : null}
                    </td>
                    <td data-testid={`${testId}-open`}>
                      {market.isOpen ? t('common.yes') : t('common.no')}
                    </td>
                    <td>
                      <ul className="console-outcomes">
                        {market.outcomes.map((outcome) => (
                          <li key={outcome.id}>
                            {outcome.name} · {t('trading.detail.odds')}{' '}
                            {data.isOffBook ? '—' : outcome.odds.toFixed(2)}
                            {outcome.liability.length === 0 ? (
                              <span className="console-hint">
                                {' '}
                                · {t('trading.detail.noLiability')}
                              </span>
                            ) : (
                              outcome.liability.map((entry) => {
                                const currency = findCurrencyById(entry.currencyId);
                                const scale = currency?.scale ?? 2;
                                return (
                                  <span key={entry.currencyId} className="console-hint">
                                    {' '}
                                    · {currency?.currencyCode ?? entry.currencyId}{' '}
                                    {t('trading.detail.stake')} {formatMoney(entry.stake, scale)} /{' '}
                                    {t('trading.detail.payout')} {formatMoney(entry.payout, scale)}
                                  </span>
                                );
                              })
                            )}
                          </li>
                        ))}
                      </ul>
                    </td>
                    <td>
                      <span className="console-row">
                        {data.isOffBook ? null : (
                          <ReasonAction
                            label={
                              market.hold ? t('trading.detail.reopen') : t('trading.detail.suspend')
                            }
                            testId={`${testId}-hold`}
                            isDanger={!market.hold}
                            isBusy={hold.isPending}
                            onConfirm={(reason) =>
                              hold.mutate({ ...key, held: !market.hold, reason })
                            }
                          />
                        )}
                        <ReasonAction
                          label={t('trading.detail.void')}
                          testId={`${testId}-void`}
                          isDanger
                          isBusy={voidMarket.isPending}
                          onConfirm={(reason) =>
                            setPendingVoid({ ...key, name: market.name, reason })
                          }
                        />
                        <button
                          type="button"
                          className="console-button console-button--quiet"
                          data-testid={`${testId}-settle`}
                          onClick={() => {
                            setNotice(null);
                            setSettling(testId);
                          }}
                        >
                          {t('trading.detail.settle')}
                        </button>
                      </span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {settlingMarket ? (
            <MarketSettlement
              key={settling}
              eventId={eventId}
              market={settlingMarket}
              onSettled={(text) => {
                setNotice(text);
                setSettling(null);
                void refresh();
              }}
              onClose={() => setSettling(null)}
            />
          ) : null}
        </>
      ) : null}
      {pendingVoid ? (
        <ConfirmDialog
          title={t('trading.detail.voidConfirmTitle')}
          text={t('trading.detail.voidConfirmText', { market: pendingVoid.name })}
          confirmLabel={t('trading.detail.voidConfirm')}
          testId="void"
          isBusy={voidMarket.isPending}
          onConfirm={() =>
            voidMarket.mutate({
              playId: pendingVoid.playId,
              specifiers: pendingVoid.specifiers,
              reason: pendingVoid.reason,
            })
          }
          onCancel={() => setPendingVoid(null)}
        />
      ) : null}
    </section>
  );
}
