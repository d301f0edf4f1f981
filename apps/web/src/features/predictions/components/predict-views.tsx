import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDisplayTime } from '../../../lib/display-time';
import { useDialogStore } from '../../../lib/session/dialog-store';
import { showToast } from '../../../lib/toast-store';
import {
  type PredictRecord,
  useLeaderboard,
  useMyPredictions,
  usePredictList,
  useSubmitPrediction,
} from '../api/predictions-api';
import { formatPercent, parseScore } from '../model/predictions-format';
import { ProbabilityBar } from './preview-views';

function LoginPrompt() {
  const { t } = useTranslation();
  const openDialog = useDialogStore((state) => state.openDialog);
  return (
    <div className="predict-login">
      <p>{t('predictions.loginFirst')}</p>
      <button
        type="button"
        className="button button--primary"
        onClick={() => openDialog('login')}
        data-testid="predict-login"
      >
        {t('predictions.login')}
      </button>
    </div>
  );
}

/** One side's goals in a prediction, as typed. */
function ScoreInput({
  value,
  onChange,
  team,
  testId,
}: {
  value: string;
  onChange(value: string): void;
  team: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <input
      className="field__input predict-entry__score"
      inputMode="numeric"
      maxLength={2}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      aria-label={t('predictions.scoreOf', { team })}
      data-testid={testId}
    />
  );
}

function ScoreEntry({ record }: { record: PredictRecord }) {
  const { t } = useTranslation();
  const [home, setHome] = useState(record.mine ? String(record.mine.homeScore) : '');
  const [away, setAway] = useState(record.mine ? String(record.mine.awayScore) : '');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = useSubmitPrediction();
  const send = () => {
    const homeScore = parseScore(home);
    const awayScore = parseScore(away);
    if (homeScore === null || awayScore === null) {
      setProblem(t('predictions.invalidScore'));
      return;
    }
    setProblem(null);
    submit.mutate(
      { matchId: record.matchId, homeScore, awayScore },
      { onSuccess: () => showToast('success', t('predictions.saved')) },
    );
  };
  return (
    <form
      className="predict-entry"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <ScoreInput value={home} onChange={setHome} team={record.homeName} testId="predict-home" />
      <span aria-hidden="true">–</span>
      <ScoreInput value={away} onChange={setAway} team={record.awayName} testId="predict-away" />
      <button
        type="submit"
        className="button button--primary predict-entry__submit"
        disabled={submit.isPending}
        data-testid="predict-submit"
      >
        {record.mine ? t('predictions.change') : t('predictions.submit')}
      </button>
      {problem ? (
        <p className="field__error predict-entry__problem" role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  );
}

function PredictCard({ record, isMember }: { record: PredictRecord; isMember: boolean }) {
  const { t } = useTranslation();
  const { picks } = record;
  return (
    <li
      className="predict-card predict-card--static"
      data-testid="predict-card"
      data-match-id={record.matchId}
    >
      <span className="predict-card__league">{record.leagueName}</span>
      <span className="predict-card__time">
        {t('predictions.kickOff', { time: formatDisplayTime(record.startTime) })}
      </span>
      <span className="predict-card__teams">
        {record.homeName} – {record.awayName}
      </span>
      <ProbabilityBar probabilities={record.probabilities} />
      <p className="predict-card__picks" data-testid="predict-picks">
        <span>{t('predictions.picks', { count: picks.count })}</span>
        <span>
          {t('predictions.home')} {formatPercent(picks.home)}
        </span>
        <span>
          {t('predictions.draw')} {formatPercent(picks.draw)}
        </span>
        <span>
          {t('predictions.away')} {formatPercent(picks.away)}
        </span>
      </p>
      {record.mine ? (
        <p className="predict-card__mine" data-testid="predict-mine">
          {t('predictions.yourPrediction', {
            home: record.mine.homeScore,
            away: record.mine.awayScore,
          })}
        </p>
      ) : null}
      {isMember ? <ScoreEntry key={record.mine?.updatedAt ?? 0} record={record} /> : null}
    </li>
  );
}

function MyPredictions({ memberId }: { memberId: number }) {
  const { t } = useTranslation();
  const mine = useMyPredictions(memberId).data;
  if (!mine || mine.records.length === 0) return null;
  const stateText = (record: (typeof mine.records)[number]) =>
    record.state === 'scored'
      ? t('predictions.stateScored', { points: record.points ?? 0 })
      : t(
          record.state === 'open'
            ? 'predictions.stateOpen'
            : record.state === 'pending'
              ? 'predictions.statePending'
              : 'predictions.stateVoid',
        );
  return (
    <section className="predict-detail__block" data-testid="predict-my-list">
      <h3>{t('predictions.mine')}</h3>
      <ul className="predict-lines">
        {mine.records.map((record) => (
          <li key={record.matchId} data-testid="predict-my-item" data-match-id={record.matchId}>
            <span className="predict-lines__name">
              {record.match.homeName} – {record.match.awayName}
            </span>
            <span className="predict-lines__score">
              {record.homeScore}–{record.awayScore}
            </span>
            <span className="predict-lines__state">
              {record.result
                ? `${t('predictions.result', { home: record.result.homeScore, away: record.result.awayScore })} · `
                : ''}
              {stateText(record)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The predict tab: each upcoming match with the model's view, the split and the entry. */
export function PredictView({ memberId }: { memberId: number }) {
  const { t } = useTranslation();
  const list = usePredictList(memberId);
  return (
    <div className="predict-previews">
      <p className="muted predict-rules">{t('predictions.rules')}</p>
      {memberId > 0 ? <MyPredictions memberId={memberId} /> : <LoginPrompt />}
      {list.isPending ? <p className="muted">{t('predictions.loading')}</p> : null}
      {list.isError ? <p className="muted">{t('predictions.loadFailed')}</p> : null}
      {list.data && list.data.records.length === 0 ? (
        <p className="muted">{t('predictions.empty')}</p>
      ) : null}
      <ul className="predict-cards">
        {list.data?.records.map((record) => (
          <PredictCard key={record.matchId} record={record} isMember={memberId > 0} />
        ))}
      </ul>
    </div>
  );
}

/** The week's leaderboard, the caller's own line under it when it ranks below the shown ones. */
export function LeaderboardView({ memberId }: { memberId: number }) {
  const { t } = useTranslation();
  const board = useLeaderboard(memberId);
  const data = board.data;
  const mineShown = data?.mine && data.records.some((entry) => entry.rank === data.mine?.rank);
  const lines = data ? [...data.records, ...(data.mine && !mineShown ? [data.mine] : [])] : [];
  return (
    <div className="predict-previews" data-testid="predict-rank">
      {board.isPending ? <p className="muted">{t('predictions.loading')}</p> : null}
      {board.isError ? <p className="muted">{t('predictions.loadFailed')}</p> : null}
      {data ? (
        <p className="predict-card__time">
          {t('predictions.week', { start: data.weekStart, end: data.weekEnd })}
        </p>
      ) : null}
      {data && lines.length === 0 ? <p className="muted">{t('predictions.noRanks')}</p> : null}
      {lines.length > 0 ? (
        <div className="predict-table-wrap">
          <table className="predict-table">
            <thead>
              <tr>
                <th>{t('predictions.colRank')}</th>
                <th className="predict-table__name">{t('predictions.colMember')}</th>
                <th>{t('predictions.colPoints')}</th>
                <th>{t('predictions.colExact')}</th>
                <th>{t('predictions.colScored')}</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((entry) => {
                const isMine = data?.mine?.rank === entry.rank;
                return (
                  <tr
                    key={entry.rank}
                    className={isMine ? 'is-playing' : undefined}
                    data-testid="predict-rank-line"
                  >
                    <td>{entry.rank}</td>
                    <td className="predict-table__name">
                      {entry.name}
                      {isMine ? ` (${t('predictions.you')})` : ''}
                    </td>
                    <td>{entry.points}</td>
                    <td>{entry.exactScores}</td>
                    <td>{entry.scored}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
