import type { MatchWire } from '@sb/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatchDetails } from '../api/match-details';
import { streamType, useLiveStreams, useLiveSwitch } from '../api/match-live';
import { useLiveMatch } from '../live/use-live-match';
import { openHeadToHead } from '../model/head-to-head';
import { MarketLines } from './market-lines';
import { LiveScore } from './period-scores';

interface MatchDetailProps {
  listed: MatchWire;
  onClose(): void;
}

/**
 * The match detail panel: every market of the match, its live score, head-to-head statistics
 * in their own window, and live video or animation when the member's isShow allows it.
 */
export function MatchDetail({ listed, onClose }: MatchDetailProps) {
  const { t } = useTranslation();
  const details = useMatchDetails(listed.b, listed.a);
  const live = useLiveMatch(listed.b);
  const match = details.data ?? listed;
  const event = live?.match?.ev ?? match.ev;
  const title = match.r ? `${match.o} v ${match.r}` : match.o;
  return (
    <aside className="panel match-detail" data-testid="match-detail" data-match-id={listed.b}>
      <header className="match-detail__head">
        <div>
          <p className="match-detail__league">{match.ln}</p>
          <h2 className="match-detail__title">{title}</h2>
        </div>
        <button
          type="button"
          className="match-detail__close"
          data-testid="match-detail-close"
          aria-label={t('sportsBoard.close')}
          onClick={onClose}
        >
          ×
        </button>
      </header>
      {match.g === 1 ? <LiveScore event={event} /> : null}
      <div className="match-detail__tools">
        <button
          type="button"
          className="button button--ghost"
          data-testid="head-to-head"
          onClick={() => openHeadToHead(match, t('sportsBoard.headToHeadTitle', { title }))}
        >
          {t('sportsBoard.headToHead')}
        </button>
        <LiveStream match={match} />
      </div>
      <MarketLines match={match} moves={live?.moves} isEveryLine />
    </aside>
  );
}

/** Video or animation buttons for a live match, shown only when isShow allows (SPEC §2). */
function LiveStream({ match }: { match: MatchWire }) {
  const { t } = useTranslation();
  const streams = useLiveStreams(match.a, match.g === 1 ? match.b : undefined);
  const [chosen, setChosen] = useState<number | null>(null);
  const opened = useLiveSwitch(match.b, match.a, chosen);
  const offer = streams.data?.records.find((record) => record.b === match.b);
  const isRefused = opened.data?.isOpen === false;
  const { refetch: readOffersAgain } = streams;
  // A refused stream means the offers read earlier are out of date (the match has ended, say).
  useEffect(() => {
    if (isRefused) void readOffersAgain();
  }, [isRefused, readOffersAgain]);
  // A refused stream stays explained after the offers read again drop its match.
  if (!streams.data?.isShow || (!offer && !isRefused)) return null;
  return (
    <div className="live-stream" data-testid="live-stream">
      {offer?.video ? (
        <button
          type="button"
          className="button button--ghost"
          onClick={() => setChosen(streamType.video)}
        >
          {t('sportsBoard.video')}
        </button>
      ) : null}
      {offer?.animation ? (
        <button
          type="button"
          className="button button--ghost"
          data-testid="live-animation"
          onClick={() => setChosen(streamType.animation)}
        >
          {t('sportsBoard.animation')}
        </button>
      ) : null}
      {opened.data?.isOpen ? (
        <iframe
          className="live-stream__frame"
          data-testid="live-stream-frame"
          title={t(chosen === streamType.video ? 'sportsBoard.video' : 'sportsBoard.animation')}
          src={opened.data.url}
        />
      ) : null}
      {isRefused ? (
        <p className="muted" role="status" data-testid="live-stream-unavailable">
          {t('sportsBoard.streamUnavailable')}
        </p>
      ) : null}
    </div>
  );
}
