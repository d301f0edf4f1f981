import { type GameRound, houseMinesCashOut, houseMinesReveal, houseMinesStart } from '@sb/contract';
import { minesMaxCount, minesMinCount, minesTiles } from '@sb/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoundPage } from '../api/game-calls';
import type { useRoundPlay } from '../api/use-round-play';
import { multiplierText } from '../model/stake-text';
import type { PanelProps } from './panel-props';
import { StakeField, useStake } from './stake-field';

const boardTiles = Array.from({ length: minesTiles }, (_, tile) => tile);

const mineCounts = Array.from(
  { length: minesMaxCount - minesMinCount + 1 },
  (_, at) => minesMinCount + at,
);

/**
 * Mines: a count of mines and a stake start a round on a 5 × 5 board; each tile turned is a call,
 * a mine ends it lost, and cash out pays the multiplier the round answers for now. An open round
 * left on another visit is taken up again from the member's open rounds.
 */
export function MinesPanel({
  game,
  money,
  rounds,
}: PanelProps & { rounds: ReturnType<typeof useRoundPlay> }) {
  const { t } = useTranslation();
  const stake = useStake(game, money);
  const [mines, setMines] = useState(3);
  const lastTile = useRef<number | null>(null);
  const openRounds = useRoundPage(1, { gameId: game.gameId, status: 'open' });
  const { round, setRound } = rounds;
  const waiting = openRounds.data?.records.find((record) => record.status === 'open') ?? null;
  useEffect(() => {
    if (round === null && waiting) setRound(waiting);
  }, [round, waiting, setRound]);
  const shown: GameRound | null = round?.outcome.game === 'mines' ? round : null;
  const outcome = shown?.outcome.game === 'mines' ? shown.outcome : null;
  const isOpen = shown?.status === 'open';

  const reveal = (tile: number) => {
    if (!shown || !isOpen) return;
    if (lastTile.current !== tile) rounds.betChanged();
    lastTile.current = tile;
    void rounds.play(houseMinesReveal, { roundNo: shown.roundNo, tile });
  };

  return (
    <div className="game-panel game-panel--board" data-testid="mines-panel">
      <form
        className="game-panel__controls"
        onSubmit={(event) => {
          event.preventDefault();
          if (stake.stake === null || isOpen) return;
          lastTile.current = null;
          void rounds.play(houseMinesStart, { stake: stake.stake, mines });
        }}
      >
        <StakeField stake={stake} onChange={rounds.betChanged} isDisabled={isOpen} />
        <label className="games-field">
          <span>{t('games.mines.mines')}</span>
          <select
            value={mines}
            disabled={isOpen}
            onChange={(event) => {
              setMines(Number(event.target.value));
              rounds.betChanged();
            }}
            data-testid="mines-count"
          >
            {mineCounts.map((count) => (
              <option key={count} value={count}>
                {count}
              </option>
            ))}
          </select>
        </label>
        {isOpen && outcome && shown ? (
          <>
            <p className="games-field__hint">
              {outcome.revealed.length === 0
                ? t('games.mines.pickTile')
                : t('games.mines.openRound')}
            </p>
            <button
              type="button"
              className="button button--primary game-panel__go"
              disabled={rounds.isPlaying || outcome.revealed.length === 0}
              onClick={() => {
                rounds.betChanged();
                void rounds.play(houseMinesCashOut, { roundNo: shown.roundNo });
              }}
              data-testid="mines-cash-out"
            >
              {t('games.mines.cashOut', { multiplier: multiplierText(outcome.nextMultiplier) })}
            </button>
          </>
        ) : (
          <button
            type="submit"
            className="button button--primary game-panel__go"
            disabled={rounds.isPlaying || stake.stake === null}
            data-testid="game-go"
          >
            {rounds.isPlaying ? t('games.playing') : t('games.mines.start')}
          </button>
        )}
      </form>
      <fieldset className="mines-board">
        <legend className="visually-hidden">{t('games.mines.board')}</legend>
        {boardTiles.map((tile) => {
          const isSafe = outcome?.revealed.includes(tile) ?? false;
          const isHit = outcome?.hit === tile;
          const isMine = isHit || (outcome?.layout?.includes(tile) ?? false);
          const state = isHit ? 'hit' : isSafe ? 'safe' : isMine ? 'mine' : 'hidden';
          const label = isSafe
            ? t('games.mines.safe')
            : isMine
              ? t('games.mines.mine')
              : t('games.mines.tile', { tile: tile + 1 });
          return (
            <button
              key={tile}
              type="button"
              className={`mines-tile is-${state}`}
              disabled={!isOpen || isSafe || rounds.isPlaying}
              onClick={() => reveal(tile)}
              aria-label={label}
              data-testid="mines-tile"
              data-tile={tile}
              data-state={state}
            >
              {isSafe ? '◆' : isMine ? '✹' : ''}
            </button>
          );
        })}
      </fieldset>
    </div>
  );
}
