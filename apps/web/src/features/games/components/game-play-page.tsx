import type { Game } from '@sb/contract';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useMainBalance } from '../../../lib/balance/main-balance';
import { useDialogStore } from '../../../lib/session/dialog-store';
import { selectMemberId, useSessionStore } from '../../../lib/session/session-store';
import { failureTextOf, gameBalanceOf, useGame, useGameBalances } from '../api/game-calls';
import { useRoundPlay } from '../api/use-round-play';
import { bpsText } from '../model/money-text';
import { DicePanel } from './dice-panel';
import { GameWallet } from './game-wallet';
import { LimboPanel } from './limbo-panel';
import { MinesPanel } from './mines-panel';
import { PlinkoPanel } from './plinko-panel';
import { RoundHistory } from './round-history';
import { RoundResult } from './round-result';
import { SeedPanel } from './seed-panel';
import type { PlayMoney } from './stake-field';
import './games.css';

/** The house's games this page plays, by their code. */
const housePanels = {
  dice: DicePanel,
  limbo: LimboPanel,
  plinko: PlinkoPanel,
  mines: MinesPanel,
} as const;

const isHouseCode = (code: string): code is keyof typeof housePanels => code in housePanels;

/**
 * A game's page, #/games/play/<gameId> (and under #/mini), where the built-in provider's launch
 * address leads: the money beside the game (main and game balance, transfer in, withdraw all),
 * the game's panel, the last result, the seed pair and the member's rounds with their verifier.
 * A demo player plays the same way with demo money (the server keeps it in the demo currency).
 */
export function GamePlayPage() {
  const { t } = useTranslation();
  const { gameId = '' } = useParams();
  const memberId = useSessionStore(selectMemberId);
  const openDialog = useDialogStore((state) => state.openDialog);
  const game = useGame(gameId);

  return (
    <section className="panel games-page game-play" data-testid="game-play-page">
      <Link to="../.." relative="path" className="games-back" data-testid="games-back">
        ‹ {t('games.back')}
      </Link>
      {game.isPending ? (
        <p className="muted">{t('games.loading')}</p>
      ) : game.isError ? (
        <p className="games-error" data-testid="game-unavailable">
          {failureTextOf(game.error, t)}
        </p>
      ) : (
        <>
          <header className="game-play__head">
            <h1 className="panel__title">{game.data.name}</h1>
            <span className="muted">
              {game.data.providerName} ·{' '}
              {t('games.edge', { percent: bpsText(game.data.houseEdgeBps) })}
            </span>
          </header>
          {memberId > 0 ? (
            <GameTable game={game.data} />
          ) : (
            <div className="games-note" data-testid="games-sign-in">
              <p>{t('games.signInAsk')}</p>
              <button
                type="button"
                className="button button--primary"
                onClick={() => openDialog('login')}
              >
                {t('games.signIn')}
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}

function GameTable({ game }: { game: Game }) {
  const { t } = useTranslation();
  const { balance } = useMainBalance();
  const balances = useGameBalances();
  const rounds = useRoundPlay();
  const gameBalance = gameBalanceOf(balances.data?.balances, game.provider, balance?.currencyId);
  const money: PlayMoney = {
    scale: balance?.scale ?? 2,
    currency: balance?.currencyCode ?? '',
    gameBalance,
  };
  const Panel = isHouseCode(game.code) && game.provider === 'house' ? housePanels[game.code] : null;

  return (
    <div className="game-play__layout">
      <div className="game-play__main">
        <GameWallet game={game} main={balance} gameBalance={gameBalance} />
        {Panel ? (
          <Panel game={game} money={money} rounds={rounds} />
        ) : (
          <p className="games-note">{t('games.notFound')}</p>
        )}
        {rounds.failure ? (
          <p className="games-error" role="alert" data-testid="game-failure">
            {rounds.failure}
          </p>
        ) : null}
        <RoundResult round={rounds.round} />
      </div>
      <div className="game-play__side">
        <SeedPanel />
        <RoundHistory gameId={game.gameId} />
      </div>
    </div>
  );
}
