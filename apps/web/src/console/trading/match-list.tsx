import { tradingMatches } from '@sb/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { callConsole } from '../api/console-api';
import { parsePositiveId } from '../components/money';
import {
  ErrorNote,
  Field,
  Pager,
  SelectInput,
  TextInput,
  useConsoleText,
  useFormatTime,
} from '../components/ui';
import { useTradingWords } from './trading-text';

const pageSize = 20;
/** Live scores and states move; the list reads them again this often while on screen. */
export const tradingRefreshMs = 5_000;
const states = ['all', 'live', 'prematch', 'offbook'] as const;
type MatchState = (typeof states)[number];

/** The matches the book holds, with their live state, filtered by sport, state and name. */
export function MatchList() {
  const { t } = useConsoleText();
  const words = useTradingWords();
  const formatTime = useFormatTime();
  const [sportText, setSportText] = useState('');
  const [qDraft, setQDraft] = useState('');
  const [filters, setFilters] = useState<{ sportId: number | null; q: string }>({
    sportId: null,
    q: '',
  });
  const [state, setState] = useState<MatchState>('all');
  const [page, setPage] = useState(1);
  const matches = useQuery({
    queryKey: ['tradingMatches', filters, state, page],
    queryFn: () =>
      callConsole(tradingMatches, {
        ...(filters.sportId ? { sportId: filters.sportId } : {}),
        ...(filters.q ? { q: filters.q } : {}),
        state,
        page,
        size: pageSize,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: tradingRefreshMs,
  });
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ sportId: parsePositiveId(sportText), q: qDraft.trim() });
    setPage(1);
  };
  return (
    <section className="console-section">
      <h2>{t('trading.title')}</h2>
      <form className="console-row" onSubmit={apply}>
        <Field label={t('trading.sport')}>
          <TextInput
            className="console-input--short"
            inputMode="numeric"
            value={sportText}
            testId="trading-sport"
            onValue={setSportText}
          />
        </Field>
        <Field label={t('trading.state')}>
          <SelectInput
            value={state}
            testId="trading-state"
            choices={states.map((option) => ({
              value: option,
              label: t(`trading.states.${option}`),
            }))}
            onValue={(value) => {
              setState(value);
              setPage(1);
            }}
          />
        </Field>
        <Field label={t('trading.query')}>
          <TextInput maxLength={64} value={qDraft} testId="trading-query" onValue={setQDraft} />
        </Field>
        <button type="submit" className="console-button" data-testid="trading-search">
          {t('common.search')}
        </button>
      </form>
      <ErrorNote error={matches.error} testId="trading-error" />
      {matches.data ? (
        <>
          <table className="console-table" data-testid="trading-matches">
            <thead>
              <tr>
                <th>{t('trading.match')}</th>
                <th>{t('trading.league')}</th>
                <th>{t('trading.start')}</th>
                <th>{t('common.status')}</th>
                <th>{t('trading.score')}</th>
                <th>{t('trading.markets')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {matches.data.records.map((match) => (
                <tr key={match.eventId} data-testid={`match-row-${match.eventId}`}>
                  <td>{match.name}</td>
                  <td>{match.leagueName}</td>
                  <td>{formatTime(match.startTime)}</td>
                  <td>
                    {words.matchStatus(match.status)}
                    {match.isBetStopped ? (
                      <span className="console-tag">{t('trading.betStopped')}</span>
                    ) : null}
                    {match.hold ? (
                      <span className="console-tag console-tag--danger">
                        {t('trading.held', { reason: match.hold.reason })}
                      </span>
                    ) : null}
                  </td>
                  <td>
                    {match.homeScore} : {match.awayScore}
                  </td>
                  <td>{match.marketCount}</td>
                  <td>
                    <Link
                      to={`/trading/${match.eventId}`}
                      data-testid={`match-open-${match.eventId}`}
                    >
                      {t('trading.open')}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {matches.data.records.length === 0 ? <p>{t('common.empty')}</p> : null}
          <Pager
            page={page}
            size={pageSize}
            total={matches.data.total}
            testId="trading-pager"
            onPage={setPage}
          />
        </>
      ) : null}
    </section>
  );
}
