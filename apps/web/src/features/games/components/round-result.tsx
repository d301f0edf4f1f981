import type { GameRound } from '@sb/contract';
import { useTranslation } from 'react-i18next';
import { moneyText } from '../model/money-text';
import { outcomeTextOf } from '../model/outcome-text';
import { multiplierText } from '../model/stake-text';

/** The last round played on this page: won or lost, what it paid and what it drew. */
export function RoundResult({ round }: { round: GameRound | null }) {
  const { t } = useTranslation();
  if (!round)
    return (
      <p className="game-result is-empty muted" data-testid="game-result" data-status="">
        {t('games.result.none')}
      </p>
    );
  const money = (minor: number) => moneyText(minor, round.scale, round.currencyCode);
  const headline =
    round.status === 'won'
      ? t('games.result.won', { amount: money(round.payout) })
      : t(`games.result.${round.status}`);
  return (
    <div
      className={`game-result is-${round.status}`}
      data-testid="game-result"
      data-status={round.status}
      data-round-no={round.roundNo}
      aria-live="polite"
    >
      <strong className="game-result__headline">{headline}</strong>
      <span>{outcomeTextOf(round.outcome, t)}</span>
      {round.status === 'won' ? <span>{multiplierText(round.multiplier)}</span> : null}
      {round.outcome.game === 'mines' && round.outcome.hit !== null ? (
        <span>{t('games.result.hit')}</span>
      ) : null}
    </div>
  );
}
