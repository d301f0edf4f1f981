import type { PastMatchWire } from '@sb/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { displayDateOf } from '../../../lib/display-time';
import { hasRecord, useHeadToHead } from '../api/head-to-head';
import { useMatchDetails } from '../api/match-details';
import { useMatchParams } from '../hooks/use-match-params';
import { headToHeadWindow, meetingTally, resultFor } from '../model/head-to-head';
import './head-to-head.css';

/**
 * A match's head-to-head page, opened in its own window (SPEC §9): the sides' last meetings
 * with a tally, and each side's recent form, from the record the book keeps of them.
 */
export function HeadToHeadPage() {
  const { t } = useTranslation();
  const { sportId, matchId } = useMatchParams();
  const details = useMatchDetails(matchId, sportId);
  const record = useHeadToHead(matchId, sportId);
  const match = details.data;
  const title = match ? (match.r ? `${match.o} v ${match.r}` : match.o) : '';
  // SPEC §9: the window's title is set once the page has settled.
  useEffect(() => {
    if (!title) return;
    const timer = setTimeout(() => {
      document.title = t('sportsBoard.headToHeadTitle', { title });
    }, headToHeadWindow.titleDelayMs);
    return () => clearTimeout(timer);
  }, [title, t]);

  if (record.isPending || details.isPending)
    return (
      <main className="h2h" data-testid="head-to-head-page" aria-busy="true">
        <p className="muted">{t('matchWatch.loading')}</p>
      </main>
    );
  if (!match || !record.data || !hasRecord(record.data))
    return (
      <main className="h2h" data-testid="head-to-head-page">
        <p className="muted" role="status" data-testid="head-to-head-unavailable">
          {t('matchWatch.headToHead.unavailable')}
        </p>
      </main>
    );
  const { meetings, homeForm, awayForm } = record.data;
  const tally = meetingTally(match.sm, meetings);
  return (
    <main className="h2h" data-testid="head-to-head-page">
      <header className="h2h__head">
        <p className="h2h__league">{match.ln}</p>
        <h1 className="h2h__title">
          <span>{match.o}</span>
          <span className="h2h__versus">v</span>
          <span>{match.r}</span>
        </h1>
      </header>

      <section className="h2h__section" aria-labelledby="h2h-meetings">
        <h2 id="h2h-meetings" className="h2h__heading">
          {t('matchWatch.headToHead.meetings')}
        </h2>
        {meetings.length === 0 ? (
          <p className="muted">{t('matchWatch.headToHead.noMeetings')}</p>
        ) : (
          <>
            <Tally
              parts={[
                {
                  tone: 'home',
                  count: tally.home,
                  label: t('matchWatch.headToHead.wins', { team: match.o }),
                },
                { tone: 'draw', count: tally.draws, label: t('matchWatch.headToHead.draws') },
                {
                  tone: 'away',
                  count: tally.away,
                  label: t('matchWatch.headToHead.wins', { team: match.r }),
                },
              ]}
            />
            <ol className="h2h__list" data-testid="head-to-head-meetings">
              {meetings.map((meeting) => (
                <PastRow key={`${meeting.t}-${meeting.homeId}`} match={meeting} />
              ))}
            </ol>
          </>
        )}
      </section>

      <section className="h2h__section" aria-labelledby="h2h-form">
        <h2 id="h2h-form" className="h2h__heading">
          {t('matchWatch.headToHead.form')}
        </h2>
        <div className="h2h__forms">
          <FormColumn teamId={match.sm} name={match.o} matches={homeForm} />
          <FormColumn teamId={match.sn} name={match.r} matches={awayForm} />
        </div>
      </section>
    </main>
  );
}

interface TallyPart {
  tone: 'home' | 'draw' | 'away';
  count: number;
  label: string;
}

/**
 * The meetings' tally: a bar split by the wins of each side and the draws, and under it a box
 * each, of equal width, so a side with few wins still has room for its whole name.
 */
function Tally({ parts }: { parts: readonly TallyPart[] }) {
  return (
    <div className="h2h__tally" data-testid="head-to-head-tally">
      <div className="h2h__tally-bar" aria-hidden="true">
        {parts.map((part) => (
          <span
            key={part.tone}
            className={`h2h__tally-share h2h__tally-share--${part.tone}`}
            style={{ flexGrow: part.count }}
          />
        ))}
      </div>
      <div className="h2h__tally-parts">
        {parts.map((part) => (
          <div
            key={part.tone}
            className={`h2h__tally-part h2h__tally-part--${part.tone}`}
            data-testid="head-to-head-tally-part"
            data-tone={part.tone}
          >
            <strong>{part.count}</strong>
            <span>{part.label}</span>
          </div>
        ))}
      </div>
    </div>
  );
}

function PastRow({ match }: { match: PastMatchWire }) {
  const isHomeWin = match.homeScore > match.awayScore;
  const isAwayWin = match.awayScore > match.homeScore;
  return (
    <li className="h2h__row" data-testid="past-match">
      <span className="h2h__date">{displayDateOf(match.t)}</span>
      <span className={`h2h__team h2h__team--home${isHomeWin ? ' h2h__team--won' : ''}`}>
        {match.homeName}
      </span>
      <span className="h2h__score">
        {match.homeScore}-{match.awayScore}
      </span>
      <span className={`h2h__team${isAwayWin ? ' h2h__team--won' : ''}`}>{match.awayName}</span>
    </li>
  );
}

function FormColumn({
  teamId,
  name,
  matches,
}: {
  teamId: number;
  name: string;
  matches: readonly PastMatchWire[];
}) {
  const { t } = useTranslation();
  return (
    <div className="h2h__form" data-testid="team-form">
      <h3 className="h2h__form-team">{name}</h3>
      <ol className="h2h__letters" aria-label={t('matchWatch.headToHead.form')}>
        {matches.map((match) => {
          const result = resultFor(teamId, match);
          return (
            <li
              key={match.t}
              className={`h2h__letter h2h__letter--${result}`}
              title={t(`matchWatch.headToHead.resultName.${result}`)}
              data-result={result}
            >
              {t(`matchWatch.headToHead.result.${result}`)}
            </li>
          );
        })}
      </ol>
      <ol className="h2h__list h2h__list--form">
        {matches.map((match) => {
          const isHome = match.homeId === teamId;
          return (
            <li key={match.t} className="h2h__form-row">
              <span className="h2h__date">{displayDateOf(match.t)}</span>
              <span className="h2h__side">
                {t(isHome ? 'matchWatch.headToHead.atHome' : 'matchWatch.headToHead.away')}
              </span>
              <span className="h2h__team">{isHome ? match.awayName : match.homeName}</span>
              <span className="h2h__score">
                {isHome
                  ? `${match.homeScore}-${match.awayScore}`
                  : `${match.awayScore}-${match.homeScore}`}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
