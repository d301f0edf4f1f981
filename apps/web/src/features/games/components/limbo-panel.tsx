import { houseLimboPlay } from '@sb/contract';
import { limboTargetProblem, payoutOf } from '@sb/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { useRoundPlay } from '../api/use-round-play';
import { moneyText } from '../model/money-text';
import { minorOfText } from '../model/stake-text';
import type { PanelProps } from './panel-props';
import { StakeField, useStake } from './stake-field';

/** Limbo: a target multiplier; the chance it is reached, (1 − edge) ÷ target, shown before. */
export function LimboPanel({
  game,
  money,
  rounds,
}: PanelProps & { rounds: ReturnType<typeof useRoundPlay> }) {
  const { t } = useTranslation();
  const stake = useStake(game, money);
  const [text, setText] = useState('2.00');
  const target = minorOfText(text, 2);
  const problem = target === null ? 'invalid' : limboTargetProblem(target);
  const chance = target && !problem ? (10_000 - game.houseEdgeBps) / target : 0;

  return (
    <form
      className="game-panel"
      data-testid="limbo-panel"
      onSubmit={(event) => {
        event.preventDefault();
        if (stake.stake === null || target === null || problem) return;
        void rounds.play(houseLimboPlay, { stake: stake.stake, target });
      }}
    >
      <StakeField stake={stake} onChange={rounds.betChanged} />
      <div className="games-field">
        <label>
          <span>{t('games.limbo.target')}</span>
          <input
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              rounds.betChanged();
            }}
            data-testid="limbo-target"
          />
        </label>
      </div>
      <dl className="game-panel__facts">
        <div>
          <dt>{t('games.limbo.chance')}</dt>
          <dd data-testid="limbo-chance">{problem ? '—' : `${chance.toFixed(2)}%`}</dd>
        </div>
        <div>
          <dt>{t('games.limbo.payout')}</dt>
          <dd data-testid="limbo-payout">
            {stake.minor !== null && target !== null && !problem
              ? moneyText(payoutOf(stake.minor, target * 100), money.scale, money.currency)
              : '—'}
          </dd>
        </div>
      </dl>
      {problem ? <p className="games-error">{t('games.limbo.targetInvalid')}</p> : null}
      <button
        type="submit"
        className="button button--primary game-panel__go"
        disabled={rounds.isPlaying || stake.stake === null || problem !== undefined}
        data-testid="game-go"
      >
        {rounds.isPlaying ? t('games.playing') : t('games.limbo.play')}
      </button>
    </form>
  );
}
