import { clientSeedField } from '@sb/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureTextOf, gamesRootKey, useHouseSeed } from '../api/game-calls';
import { rotateHouseSeed } from '../api/money-calls';

type Revealed = { serverSeed: string; serverSeedHash: string; clientSeed: string; rounds: number };

/**
 * The seed pair the house's games are drawn under: the server seed's hash, the client seed and
 * the next nonce; rotating reveals the seed (shown here) and starts a new pair, with the client
 * seed typed or a random one.
 */
export function SeedPanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const seed = useHouseSeed();
  const [clientSeed, setClientSeed] = useState('');
  const [isRotating, setRotating] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [revealed, setRevealed] = useState<Revealed | null>(null);
  const typed = clientSeed.trim();
  const isClientValid = typed === '' || clientSeedField().safeParse(typed).success;

  const rotate = async () => {
    setRotating(true);
    setFailure(null);
    try {
      const answer = await rotateHouseSeed(typed || undefined);
      setRevealed(answer.revealed);
      setClientSeed('');
      void queryClient.invalidateQueries({ queryKey: gamesRootKey });
    } catch (error) {
      setFailure(failureTextOf(error, t));
    } finally {
      setRotating(false);
    }
  };

  return (
    <section className="game-seed" data-testid="game-seed">
      <h2 className="games-section-title">{t('games.seed.title')}</h2>
      <p className="muted game-seed__explain">{t('games.seed.explain')}</p>
      <dl className="game-seed__facts">
        <div>
          <dt>{t('games.seed.hash')}</dt>
          <dd className="games-hex" data-testid="game-seed-hash">
            {seed.data?.serverSeedHash ?? '—'}
          </dd>
        </div>
        <div>
          <dt>{t('games.seed.client')}</dt>
          <dd className="games-hex" data-testid="game-seed-client">
            {seed.data?.clientSeed ?? '—'}
          </dd>
        </div>
        <div>
          <dt>{t('games.seed.nonce')}</dt>
          <dd data-testid="game-seed-nonce">{seed.data?.nonce ?? '—'}</dd>
        </div>
      </dl>
      <form
        className="game-seed__rotate"
        onSubmit={(event) => {
          event.preventDefault();
          if (isClientValid) void rotate();
        }}
      >
        <label className="games-field">
          <span>{t('games.seed.newClient')}</span>
          <input
            type="text"
            autoComplete="off"
            maxLength={64}
            value={clientSeed}
            onChange={(event) => setClientSeed(event.target.value)}
            data-testid="game-seed-new-client"
          />
        </label>
        <button
          type="submit"
          className="button button--secondary"
          disabled={isRotating || !isClientValid}
          data-testid="game-seed-rotate"
        >
          {isRotating ? t('games.seed.rotating') : t('games.seed.rotate')}
        </button>
      </form>
      {isClientValid ? null : <p className="games-error">{t('games.seed.invalidClient')}</p>}
      {failure ? (
        <p className="games-error" role="alert">
          {failure}
        </p>
      ) : null}
      {revealed ? (
        <div className="game-seed__revealed" data-testid="game-seed-revealed">
          <dl className="game-seed__facts">
            <div>
              <dt>{t('games.seed.revealed')}</dt>
              <dd className="games-hex" data-testid="game-seed-revealed-seed">
                {revealed.serverSeed}
              </dd>
            </div>
            <div>
              <dt>{t('games.seed.hash')}</dt>
              <dd className="games-hex">{revealed.serverSeedHash}</dd>
            </div>
            <div>
              <dt>{t('games.seed.client')}</dt>
              <dd className="games-hex">{revealed.clientSeed}</dd>
            </div>
          </dl>
          <p className="muted">
            {revealed.rounds > 0
              ? t('games.seed.revealedRounds', { last: revealed.rounds - 1 })
              : t('games.seed.revealedNone')}
          </p>
        </div>
      ) : null}
    </section>
  );
}
