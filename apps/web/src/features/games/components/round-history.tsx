import type { GameRound } from '@sb/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDisplayTime } from '../../../lib/display-time';
import { failureTextOf, roundPageSize, useRoundPage } from '../api/game-calls';
import { moneyText } from '../model/money-text';
import { outcomeTextOf } from '../model/outcome-text';
import { RoundDetail } from './round-detail';

/** The member's rounds, newest first, a page at a time; a row opens the round's detail. */
export function RoundHistory({ gameId }: { gameId?: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<string | null>(null);
  const rounds = useRoundPage(page, { gameId });
  const pages = Math.max(1, Math.ceil((rounds.data?.total ?? 0) / roundPageSize));

  return (
    <section className="game-history" data-testid="game-history">
      <h2 className="games-section-title">{t('games.history.title')}</h2>
      {rounds.isError ? (
        <p className="games-error">{failureTextOf(rounds.error, t)}</p>
      ) : rounds.data && rounds.data.records.length === 0 ? (
        <p className="muted">{t('games.history.empty')}</p>
      ) : (
        <ul className="game-history__list">
          {rounds.data?.records.map((round) => (
            <RoundRow key={round.roundNo} round={round} onOpen={() => setOpened(round.roundNo)} />
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <div className="game-history__pager">
          <button
            type="button"
            className="button button--secondary"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            {t('games.history.previous')}
          </button>
          <span>
            {page} / {pages}
          </span>
          <button
            type="button"
            className="button button--secondary"
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
          >
            {t('games.history.next')}
          </button>
        </div>
      ) : null}
      {opened ? <RoundDetail roundNo={opened} onClose={() => setOpened(null)} /> : null}
    </section>
  );
}

function RoundRow({ round, onOpen }: { round: GameRound; onOpen(): void }) {
  const { t } = useTranslation();
  const money = (minor: number) => moneyText(minor, round.scale, round.currencyCode);
  return (
    <li>
      <button
        type="button"
        className={`game-round is-${round.status}`}
        onClick={onOpen}
        data-testid="game-round"
        data-round-no={round.roundNo}
        data-status={round.status}
      >
        <span className="game-round__main">
          <span className="game-round__name">{round.gameName}</span>
          <span className="game-round__outcome">{outcomeTextOf(round.outcome, t)}</span>
        </span>
        <span className="game-round__money">
          <span>
            {t('games.history.stake')} {money(round.stake)}
          </span>
          <span className="game-round__status">
            {t(`games.status.${round.status}`)}
            {round.status === 'won' ? ` ${money(round.payout)}` : ''}
          </span>
        </span>
        <span className="game-round__time">
          {round.roundNo} · {formatDisplayTime(round.createTime)}
        </span>
      </button>
    </li>
  );
}
