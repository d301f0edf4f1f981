import { type MatchWire, matchRoomName } from '@sb/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatchDetails } from '../api/match-details';
import { streamType, useLiveStreams, useLiveSwitch } from '../api/match-live';
import { followDetail } from '../live/match-socket';
import { MatchTracker } from '../live/match-tracker';
import { useLiveMatch } from '../live/use-live-match';
import { withLivePrices } from '../model/live-prices';
import { DetailMarkets } from './detail-markets';
import { HeadToHeadButton } from './head-to-head-button';
import { MatchState } from './match-state';
import './match-detail.css';

interface MatchDetailProps {
  listed: MatchWire;
  onClose(): void;
}

/**
 * The match detail panel: every market of the match, its live score or kick-off, head-to-head
 * statistics in their own window when the book keeps a past of the sides, the live match
 * tracker, and live video where the match has a stream and the member's isShow allows it. Its
 * prices move with the game socket; its lines are read again every few seconds. The head (title,
 * score, clock, close) stays on top while the rest scrolls under it.
 */
export function MatchDetail({ listed, onClose }: MatchDetailProps) {
  const { t } = useTranslation();
  const details = useMatchDetails(listed.b, listed.a);
  const live = useLiveMatch(listed.b);
  const room = matchRoomName(listed.a, listed.b);
  // The game socket follows the open detail beside the list, every change at once (SPEC §4).
  useEffect(() => {
    followDetail(room);
    return () => followDetail(null);
  }, [room]);
  const match = withLivePrices(details.data ?? listed, live?.match);
  const title = match.r ? `${match.o} v ${match.r}` : match.o;
  return (
    <aside
      className="panel match-detail"
      data-testid="match-detail"
      data-match-id={listed.b}
      // Until the match's own markets arrive, the panel shows the lines the board listed.
      aria-busy={details.data === undefined}
    >
      <header className="match-detail__head" data-testid="match-detail-head">
        <div className="match-detail__heading">
          <p className="match-detail__league">{match.ln}</p>
          <h2 className="match-detail__title">{title}</h2>
          <MatchState match={match} />
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
      <div className="match-detail__body" data-testid="match-detail-body">
        <MatchTracker match={match} />
        <div className="match-detail__tools">
          <HeadToHeadButton match={match} />
          <LiveStream match={match} />
        </div>
        {/* Another match starts on every group, none folded. */}
        <DetailMarkets key={listed.b} match={match} moves={live?.moves} />
      </div>
    </aside>
  );
}

/** The video button for a live match, shown only when isShow allows (SPEC §2). */
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
          className="button button--secondary match-detail__tool"
          data-testid="live-video"
          onClick={() => setChosen(streamType.video)}
        >
          {t('sportsBoard.video')}
        </button>
      ) : null}
      {/* The match tracker above draws the play in the page: no animation frame is offered. */}
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
