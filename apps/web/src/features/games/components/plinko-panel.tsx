import { housePlinkoPlay, plinkoRiskLevels, plinkoRowCounts } from '@sb/contract';
import type { PlinkoRisk, PlinkoRows } from '@sb/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { useRoundPlay } from '../api/use-round-play';
import type { PanelProps } from './panel-props';
import { PlinkoBoard } from './plinko-board';
import { StakeField, useStake } from './stake-field';

/** Plinko: 8, 12 or 16 rows and a risk; the board shows the slots' pay and the last ball's path. */
export function PlinkoPanel({
  game,
  money,
  rounds,
}: PanelProps & { rounds: ReturnType<typeof useRoundPlay> }) {
  const { t } = useTranslation();
  const stake = useStake(game, money);
  const [rows, setRows] = useState<PlinkoRows>(8);
  const [risk, setRisk] = useState<PlinkoRisk>('low');
  const last = rounds.round?.outcome.game === 'plinko' ? rounds.round.outcome : null;
  const path = last && last.rows === rows && last.risk === risk ? last.path : null;

  return (
    <form
      className="game-panel game-panel--board"
      data-testid="plinko-panel"
      onSubmit={(event) => {
        event.preventDefault();
        if (stake.stake === null) return;
        void rounds.play(housePlinkoPlay, { stake: stake.stake, rows, risk });
      }}
    >
      <div className="game-panel__controls">
        <StakeField stake={stake} onChange={rounds.betChanged} />
        <fieldset className="games-choice">
          <legend>{t('games.plinko.rows')}</legend>
          {plinkoRowCounts.map((id) => (
            <button
              key={id}
              type="button"
              aria-pressed={rows === id}
              className={rows === id ? 'games-choice__item is-active' : 'games-choice__item'}
              onClick={() => {
                setRows(id);
                rounds.betChanged();
              }}
              data-testid="plinko-rows"
              data-rows={id}
            >
              {id}
            </button>
          ))}
        </fieldset>
        <fieldset className="games-choice">
          <legend>{t('games.plinko.risk')}</legend>
          {plinkoRiskLevels.map((id) => (
            <button
              key={id}
              type="button"
              aria-pressed={risk === id}
              className={risk === id ? 'games-choice__item is-active' : 'games-choice__item'}
              onClick={() => {
                setRisk(id);
                rounds.betChanged();
              }}
              data-testid="plinko-risk"
              data-risk={id}
            >
              {t(`games.plinko.risks.${id}`)}
            </button>
          ))}
        </fieldset>
        <button
          type="submit"
          className="button button--primary game-panel__go"
          disabled={rounds.isPlaying || stake.stake === null}
          data-testid="game-go"
        >
          {rounds.isPlaying ? t('games.playing') : t('games.plinko.drop')}
        </button>
      </div>
      <PlinkoBoard rows={rows} risk={risk} edgeBps={game.houseEdgeBps} path={path} />
    </form>
  );
}
