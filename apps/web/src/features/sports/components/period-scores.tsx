import type { EventInfo } from '@sb/contract';
import { useTranslation } from 'react-i18next';
import { MatchClock } from '../live/match-clock';
import { periodScoresOf } from '../model/period-scores';

/** The live score and its periods: the current period highlighted, earlier ones dimmed. */
export function LiveScore({ event }: { event: EventInfo }) {
  const { t } = useTranslation();
  const periods = periodScoresOf(event);
  return (
    <div className="live-score" data-testid="live-score">
      <span className="live-score__total" data-testid="score-total">
        {event.hs}-{event.as}
      </span>
      <MatchClock event={event} />
      <ol className="live-score__periods" aria-label={t('sportsBoard.periods')}>
        {periods.map((period) => (
          <li
            key={period.period}
            className={`period-score period-score--${period.state}`}
            data-testid="period-score"
            data-state={period.state}
          >
            {period.home}-{period.away}
          </li>
        ))}
      </ol>
    </div>
  );
}
