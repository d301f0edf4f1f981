import { houseDicePlay } from '@sb/contract';
import {
  type DiceDirection,
  diceBetProblem,
  diceMultiplier,
  diceWinningOutcomes,
  payoutOf,
} from '@sb/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { useRoundPlay } from '../api/use-round-play';
import { moneyText } from '../model/money-text';
import { hundredthsText, multiplierText } from '../model/stake-text';
import type { PanelProps } from './panel-props';
import { StakeField, useStake } from './stake-field';

/**
 * Dice: the target (slider and number, 0.00–99.99), under or over, the chance and multiplier and
 * what a win pays shown before the roll (the same rule the server pays by, packages/domain).
 */
export function DicePanel({
  game,
  money,
  rounds,
}: PanelProps & { rounds: ReturnType<typeof useRoundPlay> }) {
  const { t } = useTranslation();
  const stake = useStake(game, money);
  const [target, setTarget] = useState(5000);
  const [direction, setDirection] = useState<DiceDirection>('under');
  const bet = { target, direction };
  const betProblem = diceBetProblem(bet);
  const multiplier = betProblem ? 0 : diceMultiplier(bet, game.houseEdgeBps);
  const chance = diceWinningOutcomes(bet) / 100;
  const changed = rounds.betChanged;
  const setTargetText = (text: string) => {
    const value = Math.round(Number(text) * 100);
    if (Number.isFinite(value)) setTarget(Math.min(9999, Math.max(0, value)));
    changed();
  };

  return (
    <form
      className="game-panel"
      data-testid="dice-panel"
      onSubmit={(event) => {
        event.preventDefault();
        if (stake.stake === null || betProblem) return;
        void rounds.play(houseDicePlay, { stake: stake.stake, target, direction });
      }}
    >
      <StakeField stake={stake} onChange={changed} />
      <fieldset className="games-choice">
        <legend>{t('games.dice.direction')}</legend>
        {(['under', 'over'] as const).map((id) => (
          <button
            key={id}
            type="button"
            aria-pressed={direction === id}
            className={direction === id ? 'games-choice__item is-active' : 'games-choice__item'}
            onClick={() => {
              setDirection(id);
              changed();
            }}
            data-testid="dice-direction"
            data-direction={id}
          >
            {t(`games.dice.${id}`)}
          </button>
        ))}
      </fieldset>
      <div className="games-field">
        <label>
          <span>{t('games.dice.target')}</span>
          <input
            type="number"
            min={0}
            max={99.99}
            step={0.01}
            value={hundredthsText(target)}
            onChange={(event) => setTargetText(event.target.value)}
            data-testid="dice-target"
          />
        </label>
        <input
          type="range"
          className="dice-slider"
          min={0}
          max={9999}
          step={1}
          value={target}
          aria-label={t('games.dice.target')}
          onChange={(event) => {
            setTarget(Number(event.target.value));
            changed();
          }}
          data-testid="dice-slider"
        />
      </div>
      <dl className="game-panel__facts">
        <div>
          <dt>{t('games.dice.chance')}</dt>
          <dd data-testid="dice-chance">{chance.toFixed(2)}%</dd>
        </div>
        <div>
          <dt>{t('games.dice.multiplier')}</dt>
          <dd data-testid="dice-multiplier">{betProblem ? '—' : multiplierText(multiplier)}</dd>
        </div>
        <div>
          <dt>{t('games.dice.payout')}</dt>
          <dd data-testid="dice-payout">
            {stake.minor !== null && !betProblem
              ? moneyText(payoutOf(stake.minor, multiplier), money.scale, money.currency)
              : '—'}
          </dd>
        </div>
      </dl>
      {betProblem ? <p className="games-error">{t('games.dice.targetInvalid')}</p> : null}
      <button
        type="submit"
        className="button button--primary game-panel__go"
        disabled={rounds.isPlaying || stake.stake === null || betProblem !== undefined}
        data-testid="game-go"
      >
        {rounds.isPlaying ? t('games.playing') : t('games.dice.roll')}
      </button>
    </form>
  );
}
