import { useTranslation } from 'react-i18next';
import { useMatchResults } from '../api/match-result-list';

/** Finished and called-off matches of a sport with their final and period scores. */
export function ResultsList({ sportId }: { sportId: number }) {
  const { t } = useTranslation();
  const results = useMatchResults(sportId);
  const records = results.data?.records ?? [];
  if (results.isPending) return <p className="muted">{t('sportsBoard.loading')}</p>;
  if (records.length === 0)
    return <p className="empty-state__title">{t('sportsBoard.noResults')}</p>;
  return (
    <ol className="results-list" data-testid="results-list">
      {records.map((record) => (
        <li key={record.b} className="result-row" data-testid="result-row" data-match-id={record.b}>
          <span className="result-row__league">{record.ln}</span>
          <span className="result-row__teams">
            {record.r ? `${record.o} v ${record.r}` : record.o}
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
  );
}
