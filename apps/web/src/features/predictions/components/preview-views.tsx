import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDisplayTime } from '../../../lib/display-time';
import {
  type PreviewDetail,
  type PreviewPage,
  usePreview,
  usePreviews,
} from '../api/predictions-api';
import { formatPercent } from '../model/predictions-format';

type Summary = PreviewPage['records'][number];
type Probabilities = Summary['probabilities'];

/** A side's last results as W, D, L chips in the page's language. */
export function FormChips({ form }: { form: readonly ('W' | 'D' | 'L')[] }) {
  const { t } = useTranslation();
  if (form.length === 0) return <span className="muted">{t('predictions.noRecord')}</span>;
  return (
    <span className="predict-form">
      {form.map((result, index) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: a result's place in the row is its identity.
          key={index}
          className={`predict-form__chip predict-form__chip--${result}`}
        >
          {t(`predictions.form${result}`)}
        </span>
      ))}
    </span>
  );
}

/** The model's home, draw and away probabilities as a bar with its figures. */
export function ProbabilityBar({ probabilities }: { probabilities: Probabilities }) {
  const { t } = useTranslation();
  if (!probabilities) return <p className="muted">{t('predictions.noModel')}</p>;
  const parts = [
    { key: 'home', share: probabilities.home },
    { key: 'draw', share: probabilities.draw },
    { key: 'away', share: probabilities.away },
  ] as const;
  return (
    <div className="predict-bar" data-testid="prospect-probabilities">
      <div className="predict-bar__track" aria-hidden="true">
        {parts.map((part) => (
          <span
            key={part.key}
            className={`predict-bar__part predict-bar__part--${part.key}`}
            style={{ flexGrow: part.share }}
          />
        ))}
      </div>
      <dl className="predict-bar__figures">
        {parts.map((part) => (
          <div key={part.key}>
            <dt>{t(`predictions.${part.key}`)}</dt>
            <dd>{formatPercent(part.share)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function ProspectCard({ preview, onOpen }: { preview: Summary; onOpen(): void }) {
  const { t } = useTranslation();
  const place = (position: number | null) =>
    position === null ? null : (
      <span className="predict-card__place">{t('predictions.position', { position })}</span>
    );
  return (
    <li>
      <button
        type="button"
        className="predict-card"
        data-testid="prospect-card"
        data-match-id={preview.matchId}
        onClick={onOpen}
      >
        <span className="predict-card__league">{preview.leagueName}</span>
        <span className="predict-card__time">
          {t('predictions.kickOff', { time: formatDisplayTime(preview.startTime) })}
        </span>
        <span className="predict-card__side">
          <span className="predict-card__team">{preview.homeName}</span>
          {place(preview.homePosition)}
          <FormChips form={preview.homeForm} />
        </span>
        <span className="predict-card__side">
          <span className="predict-card__team">{preview.awayName}</span>
          {place(preview.awayPosition)}
          <FormChips form={preview.awayForm} />
        </span>
        <ProbabilityBar probabilities={preview.probabilities} />
      </button>
    </li>
  );
}

function RecentList({ title, entries }: { title: string; entries: PreviewDetail['homeRecent'] }) {
  const { t } = useTranslation();
  return (
    <section className="predict-detail__block">
      <h3>{title}</h3>
      {entries.length === 0 ? <p className="muted">{t('predictions.noRecord')}</p> : null}
      <ul className="predict-lines">
        {entries.map((entry) => (
          <li key={`${entry.t}-${entry.opponentId}`}>
            <span className={`predict-form__chip predict-form__chip--${entry.result}`}>
              {t(`predictions.form${entry.result}`)}
            </span>
            <span className="predict-lines__date">{formatDisplayTime(entry.t).slice(0, 10)}</span>
            <span className="predict-lines__name">
              {entry.isHome ? '' : '@ '}
              {entry.opponentName}
            </span>
            <span className="predict-lines__score">
              {entry.goalsFor}–{entry.goalsAgainst}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function PreviewDetailView({ matchId, onBack }: { matchId: number; onBack(): void }) {
  const { t } = useTranslation();
  const query = usePreview(matchId);
  const preview = query.data;
  return (
    <div className="predict-detail" data-testid="prospect-detail" data-match-id={matchId}>
      <button
        type="button"
        className="button button--ghost"
        onClick={onBack}
        data-testid="prospect-back"
      >
        <span aria-hidden="true">‹</span> {t('predictions.back')}
      </button>
      {query.isPending ? <p className="muted">{t('predictions.loading')}</p> : null}
      {query.isError ? <p className="muted">{t('predictions.loadFailed')}</p> : null}
      {preview ? (
        <>
          <header className="predict-detail__head">
            <span className="predict-card__league">{preview.leagueName}</span>
            <h2 className="predict-detail__title">
              {preview.homeName} – {preview.awayName}
            </h2>
            <span className="predict-card__time">
              {t('predictions.kickOff', { time: formatDisplayTime(preview.startTime) })}
            </span>
          </header>
          <section className="predict-detail__block">
            <h3>{t('predictions.model')}</h3>
            <ProbabilityBar probabilities={preview.probabilities} />
          </section>
          <div className="predict-detail__pair">
            <RecentList
              title={`${t('predictions.recent')} · ${preview.homeName}`}
              entries={preview.homeRecent}
            />
            <RecentList
              title={`${t('predictions.recent')} · ${preview.awayName}`}
              entries={preview.awayRecent}
            />
          </div>
          <section className="predict-detail__block" data-testid="prospect-meetings">
            <h3>{t('predictions.meetings')}</h3>
            {preview.meetings.length === 0 ? (
              <p className="muted">{t('predictions.noMeetings')}</p>
            ) : null}
            <ul className="predict-lines">
              {preview.meetings.map((meeting) => (
                <li key={`${meeting.t}-${meeting.homeId}`}>
                  <span className="predict-lines__date">
                    {formatDisplayTime(meeting.t).slice(0, 10)}
                  </span>
                  <span className="predict-lines__name">
                    {meeting.homeName} – {meeting.awayName}
                  </span>
                  <span className="predict-lines__score">
                    {meeting.homeScore}–{meeting.awayScore}
                  </span>
                </li>
              ))}
            </ul>
          </section>
          {preview.standing.length > 0 ? (
            <section className="predict-detail__block">
              <h3>{t('predictions.standing', { count: preview.standingRounds })}</h3>
              <div className="predict-table-wrap">
                <table className="predict-table" data-testid="prospect-standing">
                  <thead>
                    <tr>
                      <th>#</th>
                      <th className="predict-table__name">{t('predictions.colTeam')}</th>
                      <th>{t('predictions.colPlayed')}</th>
                      <th>{t('predictions.colWon')}</th>
                      <th>{t('predictions.colDrawn')}</th>
                      <th>{t('predictions.colLost')}</th>
                      <th>{t('predictions.colGoals')}</th>
                      <th>{t('predictions.colPoints')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {preview.standing.map((row) => (
                      <tr
                        key={row.teamId}
                        className={
                          row.teamId === preview.homeId || row.teamId === preview.awayId
                            ? 'is-playing'
                            : undefined
                        }
                      >
                        <td>{row.position}</td>
                        <td className="predict-table__name">{row.teamName}</td>
                        <td>{row.played}</td>
                        <td>{row.won}</td>
                        <td>{row.drawn}</td>
                        <td>{row.lost}</td>
                        <td>
                          {row.goalsFor}:{row.goalsAgainst}
                        </td>
                        <td>{row.points}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </section>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

/** The previews tab: a search over team and league names, the cards, and one card opened. */
export function PreviewsView() {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [openMatchId, setOpenMatchId] = useState<number | null>(null);
  const list = usePreviews(keyword);
  if (openMatchId !== null)
    return <PreviewDetailView matchId={openMatchId} onBack={() => setOpenMatchId(null)} />;
  return (
    <div className="predict-previews">
      <input
        type="search"
        className="field__input predict-search"
        placeholder={t('predictions.search')}
        aria-label={t('predictions.search')}
        value={keyword}
        maxLength={64}
        onChange={(event) => setKeyword(event.target.value)}
        data-testid="prospect-search"
      />
      {list.isPending ? <p className="muted">{t('predictions.loading')}</p> : null}
      {list.isError ? <p className="muted">{t('predictions.loadFailed')}</p> : null}
      {list.data && list.data.records.length === 0 ? (
        <p className="muted" data-testid="prospect-empty">
          {keyword.trim() === '' ? t('predictions.empty') : t('predictions.noMatch')}
        </p>
      ) : null}
      <ul className="predict-cards">
        {list.data?.records.map((preview) => (
          <ProspectCard
            key={preview.matchId}
            preview={preview}
            onOpen={() => setOpenMatchId(preview.matchId)}
          />
        ))}
      </ul>
    </div>
  );
}
