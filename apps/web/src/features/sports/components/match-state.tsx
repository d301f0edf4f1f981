import type { MatchWire } from '@sb/contract';
import { marketFamilyOf } from '@sb/domain';
import { useTranslation } from 'react-i18next';
import { formatDisplayTime } from '../../../lib/display-time';
import { LiveScore } from './period-scores';

/** A race has no score, sides or periods: it is off at a time and then under way. */
export function isRace(sportId: number): boolean {
  return marketFamilyOf(sportId) === 'race';
}

/** What a race in the running shows where a match shows its score and clock. */
export function RaceUnderWay() {
  const { t } = useTranslation();
  return (
    <span className="race-state" data-testid="race-under-way">
      {t('sportsBoard.raceUnderWay')}
    </span>
  );
}

/**
 * Where the match stands, under the detail's title: the score and clock in play (a race: that it
 * is under way), else when it starts, in the display zone as the lists write it (SPEC §9). An
 * outright's time is its book's opening, which nobody bets on: it shows none.
 */
export function MatchState({ match }: { match: Pick<MatchWire, 'a' | 'g' | 't' | 'ev'> }) {
  const { t } = useTranslation();
  const isOutright = marketFamilyOf(match.a) === 'outright';
  if (match.g === 1) return isRace(match.a) ? <RaceUnderWay /> : <LiveScore event={match.ev} />;
  if (match.g !== 0 || isOutright) return null;
  const time = formatDisplayTime(match.t);
  return (
    <p className="match-detail__start" data-testid="match-start" data-start={match.t}>
      <time dateTime={new Date(match.t).toISOString()}>
        {t(isRace(match.a) ? 'sportsBoard.raceOff' : 'sportsBoard.kickOff', { time })}
      </time>
    </p>
  );
}
