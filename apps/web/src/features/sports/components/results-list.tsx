import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayDateOf, formatDisplayTime, shiftDisplayDate } from '../../../lib/display-time';
import { useDayResults, useNewestResult } from '../api/match-result-list';

interface ResultsListProps {
  sportId: number;
  /** Told the day on screen whenever it changes, so the sport tabs can count its results. */
  onDayShown(date: string): void;
}

/**
 * Finished and called-off matches of a sport with their final scores, one display day at a time:
 * the latest day with results first, then any earlier day the member picks or steps to. A day
 * busier than a page offers the rest a page at a time.
 */
export function ResultsList({ sportId, onDayShown }: ResultsListProps) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<string | null>(null);
  const latest = useNewestResult(sportId);
  const newest = latest.data?.records[0];
  // With no result yet, the day shown is today's (display zone), not a blank date.
  const latestDay = newest ? displayDateOf(newest.t) : displayDateOf(Date.now());
  const date = picked ?? latestDay;
  const results = useDayResults(sportId, date);
  // A result that finished while the pages were read moves the later pages by one: once is enough.
  const records = [
    ...new Map(
      (results.data?.pages ?? [])
        .flatMap((page) => page.records)
        .map((record) => [record.b, record]),
    ).values(),
  ];
  const isPending = latest.isPending || results.isPending;
  const isLatest = date >= latestDay;
  useEffect(() => {
    if (!latest.isPending) onDayShown(date);
  }, [date, latest.isPending, onDayShown]);

  return (
    <section className="results" aria-label={t('sportsBoard.resultsTitle')}>
      <div className="results__day">
        <button
          type="button"
          className="button button--ghost results__step"
          aria-label={t('sportsBoard.previousDay')}
          title={t('sportsBoard.previousDay')}
          data-testid="results-previous-day"
          onClick={() => setPicked(shiftDisplayDate(date, -1))}
        >
          ‹
        </button>
        <label className="results__date">
          <span>{t('sportsBoard.resultsDate')}</span>
          <input
            type="date"
            value={date}
            max={latestDay}
            required
            data-testid="results-date"
            onChange={(event) => {
              // A cleared or half-typed date keeps the day shown.
              const typed = event.target.value;
              if (/^\d{4}-\d{2}-\d{2}$/.test(typed)) setPicked(typed);
            }}
          />
        </label>
        <button
          type="button"
          className="button button--ghost results__step"
          aria-label={t('sportsBoard.nextDay')}
          title={t('sportsBoard.nextDay')}
          disabled={isLatest}
          data-testid="results-next-day"
          onClick={() => setPicked(shiftDisplayDate(date, 1))}
        >
          ›
        </button>
      </div>
      {isPending ? (
        <p className="muted">{t('sportsBoard.loading')}</p>
      ) : records.length === 0 ? (
        <p className="empty-state__title" data-testid="results-empty">
          {t('sportsBoard.noResultsOn', { date })}
        </p>
      ) : (
        <ol className="results-list" data-testid="results-list">
          {records.map((record) => (
            <li
              key={record.b}
              className="result-row"
              data-testid="result-row"
              data-match-id={record.b}
              data-kick-off={record.t}
            >
              <span className="result-row__time">{formatDisplayTime(record.t).slice(11)}</span>
              <span className="result-row__teams">
                {record.r ? `${record.o} – ${record.r}` : record.o}
                <span className="result-row__league">{record.ln}</span>
              </span>
              <span className="result-row__score">
                {record.hs}-{record.as}
              </span>
              <span className="result-row__state">
                {t(`sportsBoard.resultState.${record.rs}`, record.rs)}
              </span>
            </li>
          ))}
        </ol>
      )}
      {results.hasNextPage ? (
        <button
          type="button"
          className="button button--secondary results__more"
          data-testid="results-more"
          disabled={results.isFetchingNextPage}
          onClick={() => void results.fetchNextPage()}
        >
          {t('sportsBoard.moreResults')}
        </button>
      ) : null}
    </section>
  );
}
