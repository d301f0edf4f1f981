import { type Game, type GameProduct, gameProducts } from '@sb/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useMainBalance } from '../../../lib/balance/main-balance';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useDialogStore } from '../../../lib/session/dialog-store';
import { selectMemberId, useSessionStore } from '../../../lib/session/session-store';
import {
  failureTextOf,
  useGameList,
  usePlayersOnline,
  useRecentGames,
  wasAnswered,
} from '../api/game-calls';
import { transferIntoGame } from '../api/money-calls';
import { bpsText, moneyText } from '../model/money-text';
import './games.css';

const isProduct = (value: string | null): value is GameProduct =>
  gameProducts.some((product) => product === value);

/**
 * The games lobby, #/games and #/mini/games: the products the caller's switches allow (only those
 * `/game/list` answers), a search of names, the games as cards, the member's recently played and
 * the players online. Visitors see the lobby and are asked to log in to play.
 */
export function GamesPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const wanted = searchParams.get('product');
  const [search, setSearch] = useState('');
  const memberId = useSessionStore(selectMemberId);
  const all = useGameList();
  const products = all.data?.products ?? [];
  const product =
    isProduct(wanted) && products.some((p) => p.product === wanted) ? wanted : undefined;
  const asked = useSettled(search, 250);
  const list = useGameList({ product, search: asked });
  const online = usePlayersOnline();

  return (
    <section className="panel games-page" data-testid="games-page">
      <div className="games-page__head">
        <h1 className="panel__title">{t('games.title')}</h1>
        {online.data ? (
          <span className="games-online" data-testid="games-online">
            {t('games.onlineTotal', { count: online.data.total })}
          </span>
        ) : null}
      </div>
      {products.length > 0 ? (
        <div className="games-tabs scroll-row" role="tablist" aria-label={t('games.title')}>
          {[undefined, ...products.map((entry) => entry.product)].map((id) => (
            <button
              key={id ?? 'all'}
              type="button"
              role="tab"
              aria-selected={id === product}
              className={id === product ? 'games-tabs__tab is-active' : 'games-tabs__tab'}
              onClick={() => setSearchParams(id ? { product: id } : {}, { replace: true })}
              data-testid="games-product"
              data-product={id ?? 'all'}
            >
              {id ? t(`games.products.${id}`) : t('games.allProducts')}
            </button>
          ))}
        </div>
      ) : null}
      <label className="games-search">
        <span className="visually-hidden">{t('games.search')}</span>
        <input
          type="search"
          value={search}
          maxLength={64}
          placeholder={t('games.searchPlaceholder')}
          aria-label={t('games.search')}
          onChange={(event) => setSearch(event.target.value)}
          data-testid="games-search"
        />
      </label>
      {memberId > 0 ? <RecentGames /> : <SignInAsk />}
      {list.isPending ? (
        <p className="muted">{t('games.loading')}</p>
      ) : list.isError ? (
        <div className="games-note" data-testid="games-failed">
          <p>{failureTextOf(list.error, t)}</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void list.refetch()}
          >
            {t('games.retry')}
          </button>
        </div>
      ) : list.data.games.length === 0 ? (
        <p className="muted" data-testid="games-empty">
          {asked.trim() ? t('games.emptySearch', { search: asked.trim() }) : t('games.empty')}
        </p>
      ) : (
        <div className="games-grid" data-testid="games-list">
          {list.data.games.map((game) => (
            <GameCard key={game.gameId} game={game} isMember={memberId > 0} />
          ))}
        </div>
      )}
    </section>
  );
}

/** The value once it has stayed the same for `ms`: a search is asked for when typing pauses. */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function SignInAsk() {
  const { t } = useTranslation();
  const openDialog = useDialogStore((state) => state.openDialog);
  return (
    <div className="games-note" data-testid="games-sign-in">
      <p>{t('games.signInAsk')}</p>
      <button type="button" className="button button--primary" onClick={() => openDialog('login')}>
        {t('games.signIn')}
      </button>
    </div>
  );
}

function RecentGames() {
  const { t } = useTranslation();
  const recent = useRecentGames();
  const records = recent.data?.records ?? [];
  if (records.length === 0) return null;
  return (
    <section className="games-recent" data-testid="games-recent">
      <h2 className="games-section-title">{t('games.recent')}</h2>
      <div className="games-recent__row scroll-row">
        {records.map(({ game }) => (
          <Link
            key={game.gameId}
            to={`play/${game.gameId}`}
            className="games-recent__item"
            data-testid="games-recent-item"
            data-game-id={game.gameId}
          >
            <span
              className={`game-art game-art--small game-art--${game.code}`}
              aria-hidden="true"
            />
            <span className="games-recent__name">{game.name}</span>
          </Link>
        ))}
      </div>
    </section>
  );
}

/**
 * Where a launch address leads: a page of this site (`/#/games/play/house.dice`) is routed in the
 * layout the member is in; another address is the provider's own page.
 */
export function launchTargetOf(
  launchUrl: string,
  isCompact: boolean,
): { route: string } | { href: string } {
  const hashAt = launchUrl.indexOf('#/');
  if (launchUrl.startsWith('/') && hashAt >= 0) {
    const route = launchUrl.slice(hashAt + 1);
    return { route: isCompact && !route.startsWith('/mini/') ? `/mini${route}` : route };
  }
  return { href: launchUrl };
}

/** Starts a game as the provider says (`/game/play`, nothing moved) and goes where it leads. */
function useLaunch(game: Game) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isCompact = useLocation().pathname.startsWith('/mini/');
  const key = useRef(newIdempotencyKey());
  const [isLaunching, setLaunching] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const launch = async () => {
    setLaunching(true);
    setFailure(null);
    try {
      const answer = await transferIntoGame({ gameId: game.gameId, amount: 0 }, key.current);
      key.current = newIdempotencyKey();
      const target = launchTargetOf(answer.launchUrl, isCompact);
      if ('route' in target) void navigate(target.route);
      else window.location.assign(target.href);
    } catch (error) {
      if (wasAnswered(error)) key.current = newIdempotencyKey();
      setFailure(failureTextOf(error, t));
    } finally {
      setLaunching(false);
    }
  };
  return { launch, isLaunching, failure };
}

function GameCard({ game, isMember }: { game: Game; isMember: boolean }) {
  const { t } = useTranslation();
  const openDialog = useDialogStore((state) => state.openDialog);
  const { launch, isLaunching, failure } = useLaunch(game);
  const { balance } = useMainBalance();
  const scale = balance?.scale ?? 2;
  const currency = balance?.currencyCode ?? '';
  return (
    <article className="game-card" data-testid="game-card" data-game-id={game.gameId}>
      <span className={`game-art game-art--${game.code}`} aria-hidden="true" />
      <div className="game-card__body">
        <h3 className="game-card__name">{game.name}</h3>
        <p className="game-card__meta">
          <span>{game.providerName}</span>
          <span>{t(`games.products.${game.product}`)}</span>
        </p>
        <p className="game-card__meta">
          <span>
            {t('games.stakeRange', {
              min: moneyText(game.minStake, scale, ''),
              max: moneyText(game.maxStake, scale, currency),
            })}
          </span>
        </p>
        <p className="game-card__meta">
          <span>{t('games.edge', { percent: bpsText(game.houseEdgeBps) })}</span>
          <span data-testid="game-online">{t('games.online', { count: game.online })}</span>
        </p>
      </div>
      {failure ? <p className="games-error">{failure}</p> : null}
      {isMember ? (
        <button
          type="button"
          className="button button--primary game-card__play"
          disabled={isLaunching}
          onClick={() => void launch()}
          data-testid="game-play"
        >
          {t('games.play')}
        </button>
      ) : (
        <button
          type="button"
          className="button button--secondary game-card__play"
          onClick={() => openDialog('login')}
          data-testid="game-sign-in"
        >
          {t('games.signInToPlay')}
        </button>
      )}
    </article>
  );
}
