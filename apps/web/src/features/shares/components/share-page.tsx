import type { Share } from '@sb/contract';
import { formatDisplayAmount, fromOddsUnits } from '@sb/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { BetLegs } from '../../../components/bet-legs';
import { matchNameOf } from '../../../lib/bet-naming/leg-naming';
import { useMarketNames } from '../../../lib/bet-naming/market-names';
import { useLegNaming } from '../../../lib/bet-naming/use-leg-naming';
import { formatDisplayTime } from '../../../lib/display-time';
import { useSessionStore } from '../../../lib/session/session-store';
import { useSlipStore } from '../../../lib/slip/slip-store';
import {
  fetchLegsNow,
  refusalKeyOf,
  reportCopy,
  useShareKey,
  useShareVerify,
} from '../api/share-api';
import { type BrowserCheck, checkInBrowser } from '../model/share-proof';
import { SaveShareImage } from './share-image';
import { namedLegsOf, orderLegsOf, statusTextOf } from './share-parts';
import './shares.css';

/** The browser's own check of the proof against the pinned key, run once both are in. */
function useBrowserCheck(
  share: Share | undefined,
  signature: string | undefined,
  pinnedKey: string | undefined,
): BrowserCheck | null {
  const [check, setCheck] = useState<BrowserCheck | null>(null);
  useEffect(() => {
    if (!share || !signature || !pinnedKey) return;
    let isCurrent = true;
    checkInBrowser(share, signature, pinnedKey).then(
      (result) => {
        if (isCurrent) setCheck(result);
      },
      () => {
        if (isCurrent) setCheck('unavailable');
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [share, signature, pinnedKey]);
  return check;
}

function VerifyBox({ share, signature, isValid, keyId }: VerifyBoxProps) {
  const { t } = useTranslation();
  const key = useShareKey();
  const isKnownKey = key.data ? key.data.keyId === keyId : undefined;
  const check = useBrowserCheck(share, signature, key.data?.publicKey);
  const browserCheck = isKnownKey === false ? 'invalid' : check;
  const isVerified = isValid && browserCheck !== 'invalid';
  return (
    <div
      className={isVerified ? 'share-verify is-valid' : 'share-verify is-invalid'}
      data-testid="share-verify"
      data-valid={isValid}
      data-browser-check={browserCheck ?? 'pending'}
    >
      <strong>{t(isVerified ? 'sharePage.verified' : 'sharePage.notVerified')}</strong>
      <span>{t(isValid ? 'sharePage.serverValid' : 'sharePage.serverInvalid')}</span>
      {browserCheck ? (
        <span className="muted">{t(`sharePage.browser_${browserCheck}`)}</span>
      ) : null}
    </div>
  );
}

interface VerifyBoxProps {
  share: Share;
  signature: string;
  isValid: boolean;
  keyId: string;
}

interface CopyResult {
  added: number;
  dropped: string[];
}

/**
 * Copy to slip: each leg goes on the member's slip at today's price for them, read from the leg
 * list; a leg whose match has started or left the book, or whose option is closed, is left out
 * and named. The copy is reported to the server, which counts distinct members.
 */
function CopyToSlip({ share }: { share: Share }) {
  const { t } = useTranslation();
  const names = useMarketNames();
  const naming = useLegNaming();
  const isMember = useSessionStore((state) => (state.session?.memberId ?? 0) > 0);
  const home = useLocation().pathname.startsWith('/mini') ? '/mini/index' : '/index';
  const [isCopying, setIsCopying] = useState(false);
  const [result, setResult] = useState<CopyResult | null>(null);
  const [isFailed, setIsFailed] = useState(false);

  async function copy() {
    setIsCopying(true);
    setIsFailed(false);
    try {
      const legs = namedLegsOf(share);
      const now = await fetchLegsNow(legs);
      const slip = useSlipStore.getState();
      const dropped: string[] = [];
      let added = 0;
      legs.forEach((leg, index) => {
        const { match, option } = now[index] ?? { match: null, option: null };
        const label = `${matchNameOf(leg)} (${naming.selectionName(leg)})`;
        const isOpen = match?.g === 0 && option !== null && option.s === 0 && option.o > 0;
        if (!match || !option || !isOpen) {
          dropped.push(label);
          return;
        }
        if (useSlipStore.getState().selections.some((held) => held.oi === option.oi)) {
          added += 1;
          return;
        }
        const outcome = slip.toggle({
          oi: option.oi,
          sportId: match.a,
          matchId: match.b,
          playId: option.md,
          specifiers: leg.specifiers,
          odds: option.o,
          home: match.o,
          away: match.r,
          leagueId: match.l,
          leagueName: match.ln,
          marketName: names.play(match.a, option.md, leg.specifiers),
          optionName: names.outcome(match.a, option),
          isLive: false,
        });
        if (outcome.kind === 'added') added += 1;
        else dropped.push(label);
      });
      if (added > 1 && share.placed.legs.length > 1) slip.setMode('parlay');
      setResult({ added, dropped });
      if (added > 0 && isMember) reportCopy(share.code).catch(() => {});
    } catch {
      setIsFailed(true);
    } finally {
      setIsCopying(false);
    }
  }

  return (
    <div className="share-copy">
      <button
        type="button"
        className="button button--primary"
        onClick={copy}
        disabled={isCopying}
        data-testid="share-copy"
      >
        {t('sharePage.copy')}
      </button>
      {isFailed ? <p className="field__error">{t('sharePage.copyFailed')}</p> : null}
      {result ? (
        <div className="share-copy__note" data-testid="share-copy-note" aria-live="polite">
          <p data-testid="share-copy-added" data-count={result.added}>
            {result.added > 0
              ? t('sharePage.copied', { count: result.added })
              : t('sharePage.copiedNone')}
          </p>
          {result.dropped.length > 0 ? (
            <p data-testid="share-copy-dropped" data-count={result.dropped.length}>
              {t('sharePage.dropped', { legs: result.dropped.join(t('sharePage.listJoin')) })}
            </p>
          ) : null}
          {result.added > 0 ? (
            <Link className="link-button" to={home} data-testid="share-open-slip">
              {t('sharePage.openSlip')}
            </Link>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

function ShareFacts({ share }: { share: Share }) {
  const { t } = useTranslation();
  const { placed, settled } = share;
  const money = (minor: number) =>
    `${formatDisplayAmount(minor, placed.scale)} ${placed.currencyCode}`;
  return (
    <dl className="share-facts">
      <dt>{t(placed.legs.length > 1 ? 'sharePage.combinedOdds' : 'sharePage.odds')}</dt>
      <dd data-testid="share-odds" data-odds={placed.odds}>
        {fromOddsUnits(placed.odds).toFixed(2)}
      </dd>
      {placed.stake !== null ? (
        <>
          <dt>{t('sharePage.stake')}</dt>
          <dd data-testid="share-stake">{money(placed.stake)}</dd>
        </>
      ) : null}
      {placed.potentialPayout !== null && !settled ? (
        <>
          <dt>{t('sharePage.toReturn')}</dt>
          <dd data-testid="share-return">{money(placed.potentialPayout)}</dd>
        </>
      ) : null}
      {settled?.payout !== null && settled?.payout !== undefined ? (
        <>
          <dt>{t('sharePage.returned')}</dt>
          <dd data-testid="share-return">{money(settled.payout)}</dd>
        </>
      ) : null}
      <dt>{t('sharePage.status')}</dt>
      <dd data-testid="share-status" data-status={share.status}>
        {statusTextOf(share, t)}
      </dd>
      <dt>{t('sharePage.placedAt')}</dt>
      <dd>{formatDisplayTime(placed.placedAt)}</dd>
      <dt>{t('sharePage.sharedAt')}</dt>
      <dd>{formatDisplayTime(placed.sharedAt)}</dd>
      {settled ? (
        <>
          <dt>{t('sharePage.settledAt')}</dt>
          <dd>{formatDisplayTime(settled.settledAt)}</dd>
        </>
      ) : null}
      <dt>{t('sharePage.copies')}</dt>
      <dd data-testid="share-copies">{share.copies}</dd>
    </dl>
  );
}

/** Kick-off times of the legs, as the book had them when the order was shared. */
function KickOffs({ share }: { share: Share }) {
  const { t } = useTranslation();
  const legs = share.placed.legs.filter((leg) => leg.kickOff !== null);
  if (legs.length === 0) return null;
  return (
    <ul className="share-kickoffs muted">
      {legs.map((leg) => (
        <li key={leg.optId}>
          {t('sharePage.kickOff', {
            match: matchNameOf(leg),
            time: formatDisplayTime(leg.kickOff ?? 0),
          })}
        </li>
      ))}
    </ul>
  );
}

/**
 * A shared order's page, #/share/<code>: the frozen order (legs, odds, times; the amounts and
 * the sharer's name only where the share's privacy shows them; its status or result), the
 * proof checked by the server and, where WebCrypto has Ed25519, by this browser against the
 * pinned key, and Copy to slip. Public: visitors read it as members do.
 */
export function SharePage() {
  const { t } = useTranslation();
  const code = (useParams().code ?? '').toUpperCase();
  const verify = useShareVerify(code);

  if (verify.isPending)
    return (
      <section className="panel share-page" data-testid="share-page">
        <p className="muted">{t('sharePage.loading')}</p>
      </section>
    );
  if (verify.isError) {
    const refusal = refusalKeyOf(verify.error);
    return (
      <section className="panel share-page" data-testid="share-page">
        <h1 className="share-page__title">{t('sharePage.title')}</h1>
        <p className="share-page__refusal" data-testid="share-refused">
          {t(refusal ?? 'sharePage.loadFailed')}
        </p>
      </section>
    );
  }
  const { share, proof } = verify.data;
  const { placed } = share;
  return (
    <section className="panel share-page" data-testid="share-page" data-code={share.code}>
      <header className="share-page__head">
        <h1 className="share-page__title">
          {placed.legs.length > 1
            ? t('sharePage.parlay', { count: placed.legs.length })
            : t('sharePage.single')}
        </h1>
        <span className="share-page__code muted">{share.code}</span>
      </header>
      <p className="share-page__tipster" data-testid="share-tipster">
        {placed.tipster
          ? t('sharePage.sharedBy', { name: placed.tipster.name })
          : t('sharePage.anonymous')}
      </p>
      {placed.comment ? (
        <p className="share-page__comment" data-testid="share-comment-text">
          {placed.comment}
        </p>
      ) : null}
      <VerifyBox
        share={share}
        signature={proof.signature}
        isValid={proof.valid}
        keyId={proof.keyId}
      />
      <BetLegs legs={orderLegsOf(share)} />
      <KickOffs share={share} />
      <ShareFacts share={share} />
      <CopyToSlip share={share} />
      <SaveShareImage share={share} />
    </section>
  );
}
