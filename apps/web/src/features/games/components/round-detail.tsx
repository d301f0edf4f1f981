import type { GameRound } from '@sb/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal';
import { formatDisplayTime } from '../../../lib/display-time';
import { failureTextOf, useRoundDetail } from '../api/game-calls';
import { bpsText, moneyText } from '../model/money-text';
import { outcomeTextOf, redrawnTextOf } from '../model/outcome-text';
import { checkRound, type RoundCheck } from '../model/round-check';
import { multiplierText } from '../model/stake-text';

/** One round with the seeds it was drawn from and the verifier. */
export function RoundDetail({ roundNo, onClose }: { roundNo: string; onClose(): void }) {
  const { t } = useTranslation();
  const detail = useRoundDetail(roundNo);
  return (
    <Modal
      title={t('games.detail.title', { roundNo })}
      onClose={onClose}
      testId="game-round-detail"
    >
      {detail.isPending ? (
        <p className="muted">{t('games.detail.loading')}</p>
      ) : detail.isError ? (
        <p className="games-error">{failureTextOf(detail.error, t)}</p>
      ) : (
        <RoundFacts round={detail.data} />
      )}
    </Modal>
  );
}

function RoundFacts({ round }: { round: GameRound }) {
  const { t } = useTranslation();
  const money = (minor: number) => moneyText(minor, round.scale, round.currencyCode);
  const { fairness } = round;
  const rows: [string, string, string?][] = [
    [t('games.detail.game'), round.gameName],
    [t('games.history.status'), t(`games.status.${round.status}`)],
    [t('games.detail.stake'), money(round.stake)],
    [t('games.detail.payout'), money(round.payout)],
    [t('games.detail.multiplier'), multiplierText(round.multiplier)],
    [t('games.detail.edge'), bpsText(round.houseEdgeBps)],
    [t('games.detail.outcome'), outcomeTextOf(round.outcome, t), 'wide'],
    [t('games.detail.hash'), fairness.serverSeedHash, 'hex'],
    [t('games.detail.seed'), fairness.serverSeed ?? t('games.detail.seedHidden'), 'hex'],
    [t('games.detail.client'), fairness.clientSeed, 'hex'],
    [t('games.detail.nonce'), String(fairness.nonce)],
    [t('games.detail.played'), formatDisplayTime(round.createTime)],
  ];
  return (
    <div className="game-detail">
      <dl className="game-detail__facts">
        {rows.map(([label, value, kind]) => (
          <div key={label} className={kind ? 'is-wide' : undefined}>
            <dt>{label}</dt>
            <dd className={kind === 'hex' ? 'games-hex' : undefined}>{value}</dd>
          </div>
        ))}
      </dl>
      {round.outcome.game === 'mines' && round.outcome.layout ? (
        <p className="muted">
          {t('games.outcome.layout', {
            tiles: round.outcome.layout.map((tile) => tile + 1).join(', '),
          })}
        </p>
      ) : null}
      <Verifier round={round} />
    </div>
  );
}

/**
 * Draws the round again in the browser from its revealed seed, with the same code the server
 * draws with (packages/domain fair/), and says whether it matches; before the seed is revealed it
 * says the pair must be rotated first.
 */
function Verifier({ round }: { round: GameRound }) {
  const { t } = useTranslation();
  const [check, setCheck] = useState<RoundCheck | null>(null);
  const reason =
    round.status === 'refunded'
      ? t('games.verify.notDrawn')
      : round.status === 'open'
        ? t('games.verify.openRound')
        : round.fairness.serverSeed === null
          ? t('games.verify.hidden')
          : null;
  const verdict = check
    ? check.hashMatches && check.outcomeMatches
      ? 'match'
      : 'mismatch'
    : reason
      ? 'unavailable'
      : 'ready';
  return (
    <section className="game-verify" data-testid="game-verify" data-verdict={verdict}>
      <h3 className="games-section-title">{t('games.verify.title')}</h3>
      {reason ? (
        <p className="muted" data-testid="game-verify-reason">
          {reason}
        </p>
      ) : (
        <button
          type="button"
          className="button button--primary"
          onClick={() => setCheck(checkRound(round))}
          data-testid="game-verify-run"
        >
          {t('games.verify.action')}
        </button>
      )}
      {check ? (
        <div
          className={verdict === 'match' ? 'game-verify__verdict is-match' : 'game-verify__verdict'}
          role="status"
        >
          <p>
            <strong>
              {verdict === 'match'
                ? t('games.verify.matches')
                : check.hashMatches
                  ? t('games.verify.outcomeMismatch')
                  : t('games.verify.hashMismatch')}
            </strong>
          </p>
          <p>{t('games.verify.redrawn', { outcome: redrawnTextOf(check.redrawn, t) })}</p>
        </div>
      ) : null}
    </section>
  );
}
