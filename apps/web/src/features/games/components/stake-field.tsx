import type { Game } from '@sb/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { moneyText } from '../model/money-text';
import { minorOfText, textOfMinor } from '../model/stake-text';

/** Money as the panels read it: the currency's scale and code. */
export interface PlayMoney {
  scale: number;
  currency: string;
  /** The game's provider balance, minor units. */
  gameBalance: number;
}

/**
 * A round's stake typed in major units, bounded by the game's least and most stake and by the
 * game balance. `stake` is the minor units when they may be played, else null with `problem`.
 */
export function useStake(game: Game, money: PlayMoney) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => textOfMinor(game.minStake, money.scale));
  const minor = minorOfText(text, money.scale);
  const bounds = {
    min: moneyText(game.minStake, money.scale, ''),
    max: moneyText(game.maxStake, money.scale, money.currency),
  };
  const problem =
    minor === null || minor < game.minStake || minor > game.maxStake
      ? t('games.stakeInvalid', bounds)
      : minor > money.gameBalance
        ? t('games.stakeOverBalance')
        : null;
  return { text, setText, stake: problem ? null : minor, minor, problem, bounds };
}

export function StakeField({
  stake,
  onChange,
  isDisabled = false,
}: {
  stake: ReturnType<typeof useStake>;
  onChange?: () => void;
  isDisabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="games-field">
      <label>
        <span>{t('games.stake')}</span>
        <input
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={stake.text}
          disabled={isDisabled}
          onChange={(event) => {
            stake.setText(event.target.value);
            onChange?.();
          }}
          data-testid="game-stake"
        />
      </label>
      <span className="games-field__hint">{t('games.stakeBounds', stake.bounds)}</span>
      {stake.problem && stake.text.trim() !== '' ? (
        <span className="games-error" data-testid="game-stake-problem">
          {stake.problem}
        </span>
      ) : null}
    </div>
  );
}
