import type { EventInfo } from '@sb/contract';
import { useTranslation } from 'react-i18next';
import { clockTextOf, gamePointsTextOf, periodNameOf, sportClockOf } from '../model/match-clock';
import { useNow } from './use-now';
import './live.css';

/**
 * A live match's period, in the page's language, and its clock, run forward in the page between
 * the feed's readings; tennis shows the points of the game instead, volleyball, table tennis and
 * badminton the points of the set, esports the rounds of the map.
 */
export function MatchClock({ event }: { event: EventInfo }) {
  const { t } = useTranslation();
  const now = useNow((event.ck?.v ?? 0) > 0);
  const period = periodNameOf(event.a, event.c);
  const clock = clockTextOf(event.a, event, now);
  const points = gamePointsTextOf(event);
  if (!period && !clock) return null;
  return (
    <span className="match-clock" data-testid="match-clock">
      {period ? (
        <span className="match-clock__period" data-testid="match-period">
          {t(`liveTracker.period.${period.key}`, { n: period.n })}
        </span>
      ) : null}
      {clock ? (
        <time className="match-clock__time" data-testid="match-clock-time">
          {clock}
        </time>
      ) : null}
      {points ? (
        <span
          className="match-clock__points"
          data-testid="game-points"
          title={t(`liveTracker.pointsIn.${sportClockOf(event.a).unit}`)}
        >
          {points}
        </span>
      ) : null}
    </span>
  );
}
