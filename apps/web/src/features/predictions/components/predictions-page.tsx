import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSessionStore } from '../../../lib/session/session-store';
import { LeaderboardView, PredictView } from './predict-views';
import { PreviewsView } from './preview-views';
import './predictions.css';

type Tab = 'previews' | 'predict' | 'rank';

const tabs: { tab: Tab; textKey: string }[] = [
  { tab: 'previews', textKey: 'predictions.tabPreviews' },
  { tab: 'predict', textKey: 'predictions.tabPredict' },
  { tab: 'rank', textKey: 'predictions.tabRank' },
];

/**
 * The way back to the matches in #/mini, whose one-line header has no links to them (the full
 * site's header and menus lead there already).
 */
function BackToBoard() {
  const { t } = useTranslation();
  const isMini = useLocation().pathname.startsWith('/mini');
  if (!isMini) return null;
  return (
    <Link className="predict-page__back" to="/mini/index" data-testid="predictions-back">
      <span aria-hidden="true">‹</span> {t('predictions.backToBoard')}
    </Link>
  );
}

/** Match previews, score predictions and the weekly leaderboard (#/predictions). */
export function PredictionsPage() {
  const { t } = useTranslation();
  const memberId = useSessionStore((state) => state.session?.memberId ?? 0);
  const [tab, setTab] = useState<Tab>('previews');
  return (
    <section className="panel predict-page" data-testid="predictions-page">
      <BackToBoard />
      <h1 className="panel__title">{t('predictions.title')}</h1>
      <div className="predict-tabs scroll-row" role="tablist">
        {tabs.map((entry) => (
          <button
            key={entry.tab}
            type="button"
            role="tab"
            aria-selected={entry.tab === tab}
            className={entry.tab === tab ? 'predict-tabs__tab is-active' : 'predict-tabs__tab'}
            onClick={() => setTab(entry.tab)}
            data-testid="predictions-tab"
            data-tab={entry.tab}
          >
            {t(entry.textKey)}
          </button>
        ))}
      </div>
      {tab === 'previews' ? <PreviewsView /> : null}
      {tab === 'predict' ? <PredictView key={memberId} memberId={memberId} /> : null}
      {tab === 'rank' ? <LeaderboardView key={memberId} memberId={memberId} /> : null}
    </section>
  );
}
