import type { MatchWire } from '@sb/contract';
import { listPlayIds } from '@sb/domain';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDisplayTime } from '../../../lib/display-time';
import { useLiveMatch } from '../live/use-live-match';
import { isClick, type PointerPoint } from '../model/click-tolerance';
import { favouriteFlags, useFavouriteStore } from '../model/favourite-store';
import { FavouriteToggle } from './favourite-toggle';
import { MarketLines } from './market-lines';
import { isRace, RaceUnderWay } from './match-state';
import { LiveScore } from './period-scores';

interface MatchRowProps {
  listed: MatchWire;
  isMini: boolean;
  onOpenDetail(match: MatchWire): void;
}

/** Kick-off in the display time zone (SPEC §9): `MM-DD HH:mm`. */
function kickOffText(epochMs: number): string {
  return formatDisplayTime(epochMs).slice(5);
}

/**
 * One match of the list: teams, kick-off or live score, and its first markets. It follows its
 * own match in the live store, so an odds change re-renders this row and no other. In mini mode
 * a click on the row (not on a price) opens the detail panel.
 */
export function MatchRow({ listed, isMini, onOpenDetail }: MatchRowProps) {
  const { t } = useTranslation();
  const live = useLiveMatch(listed.b);
  const match = live?.match ?? listed;
  const isFavourite = useFavouriteStore((state) => favouriteFlags(listed, state).isMatch);
  const pressedAt = useRef<PointerPoint | null>(null);
  const isLive = match.g === 1;
  const playIds = listPlayIds(match.a, Object.keys(match.z).map(Number), isMini);

  function openOnClick(event: React.PointerEvent) {
    const down = pressedAt.current;
    pressedAt.current = null;
    if (!isMini || !down || (event.target as HTMLElement).closest('button')) return;
    if (isClick(down, { x: event.clientX, y: event.clientY })) onOpenDetail(listed);
  }

  return (
    <article
      className={isLive ? 'match-row is-live' : 'match-row'}
      data-testid="match-row"
      data-match-id={listed.b}
      data-sport-id={listed.a}
      data-live={isLive}
      onPointerDown={(event) => {
        pressedAt.current = { x: event.clientX, y: event.clientY };
      }}
      onPointerUp={openOnClick}
    >
      <header className="match-row__head">
        <FavouriteToggle kind="match" subjectId={listed.b} sportId={listed.a} isOn={isFavourite} />
        <span className="match-row__teams" data-testid="match-teams">
          {match.r ? (
            <>
              <span className="match-row__team">{match.o}</span>
              <span className="match-row__versus"> v </span>
              <span className="match-row__team">{match.r}</span>
            </>
          ) : (
            <span className="match-row__team">{match.o}</span>
          )}
        </span>
        {isLive && isRace(match.a) ? (
          <RaceUnderWay />
        ) : isLive ? (
          <LiveScore event={match.ev} />
        ) : (
          <span className="match-row__time">{kickOffText(match.t)}</span>
        )}
        <button
          type="button"
          className="match-row__more"
          data-testid="match-detail-open"
          onClick={() => onOpenDetail(listed)}
        >
          {t('sportsBoard.more', { count: match.mc })}
        </button>
      </header>
      <MarketLines match={match} playIds={playIds} moves={live?.moves} />
    </article>
  );
}
