import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { headerTabs } from './app-header';

/** DESIGN §6 sports shown in the sidebar, by the ids the feed uses. */
const sports = [
  { id: 1, key: 'football' },
  { id: 2, key: 'basketball' },
  { id: 3, key: 'tennis' },
  { id: 4, key: 'volleyball' },
  { id: 5, key: 'iceHockey' },
  { id: 20, key: 'tableTennis' },
  { id: 23, key: 'badminton' },
  { id: 31, key: 'esports' },
] as const;

interface IndexPageProps {
  isMember: boolean;
  isDemo: boolean;
  isCompact?: boolean;
  onLoginClick(): void;
}

function SportsMenu({ activeId, onPick }: { activeId: number; onPick(id: number): void }) {
  const { t } = useTranslation();
  return (
    <nav className="sports-menu" aria-label={t('nav.home')}>
      {sports.map((sport) => (
        <button
          key={sport.id}
          type="button"
          className={sport.id === activeId ? 'sports-menu__item is-active' : 'sports-menu__item'}
          aria-pressed={sport.id === activeId}
          onClick={() => onPick(sport.id)}
        >
          {t(`sports.${sport.key}`)}
        </button>
      ))}
    </nav>
  );
}

function BetSlipPanel({ isMember, isDemo, onLoginClick }: Omit<IndexPageProps, 'isCompact'>) {
  const { t } = useTranslation();
  return (
    <aside className="panel bet-slip" aria-label={t('home.betSlip')}>
      <h2 className="panel__title">{t('home.betSlip')}</h2>
      <p className="muted">{t('home.betSlipEmpty')}</p>
      {isDemo ? <p className="notice">{t('home.demoBalance')}</p> : null}
      {isMember ? null : (
        <button
          type="button"
          className="button button--primary button--block"
          onClick={onLoginClick}
        >
          {t('home.loginToBet')}
        </button>
      )}
    </aside>
  );
}

/**
 * The index route (SPEC §2 #/index): sports menu, match area and bet slip. Match lists come
 * with the betting features; until the feed publishes matches the area shows an empty state.
 */
export function IndexPage({ isMember, isDemo, isCompact = false, onLoginClick }: IndexPageProps) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const [sportId, setSportId] = useState<number>(sports[0].id);
  const tabParam = searchParams.get('tab');
  const tab = headerTabs.find((candidate) => candidate === tabParam) ?? 'home';
  const sportKey = sports.find((sport) => sport.id === sportId)?.key ?? 'football';

  return (
    <div className={isCompact ? 'index-page index-page--compact' : 'index-page'}>
      {isCompact ? null : <SportsMenu activeId={sportId} onPick={setSportId} />}
      <section className="panel match-area" aria-live="polite">
        <header className="match-area__header">
          <h1 className="match-area__title">
            {t(`sports.${sportKey}`)}
            <span className="match-area__tab">{t(`nav.${tab}`)}</span>
          </h1>
        </header>
        <div className="empty-state">
          <p className="empty-state__title">{t('home.noMatches')}</p>
          <p className="muted">{t('home.noMatchesHint')}</p>
        </div>
      </section>
      {isCompact ? null : (
        <BetSlipPanel isMember={isMember} isDemo={isDemo} onLoginClick={onLoginClick} />
      )}
    </div>
  );
}
