import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BackToBoard } from '../components/back-to-board';
import { type CommunityTab, communityTabs } from './community-tabs';
import './community.css';

/** The tab the address names (`?tab=`), the first when it names none or one that is not there. */
export function communityTabOf(
  tabs: readonly CommunityTab[],
  value: string | null,
): CommunityTab | undefined {
  return tabs.find((tab) => tab.id === value) ?? tabs[0];
}

/**
 * The community page, #/community and #/mini/community: news and notices, activities, and the
 * tabs other product lines add to `communityTabs`. Public: visitors read it as members do.
 */
export function CommunityPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const current = communityTabOf(communityTabs, searchParams.get('tab'));
  const Panel = current?.Panel;
  // On a phone the tabs scroll sideways: the one shown is brought into view.
  const activeTab = useRef<HTMLButtonElement | null>(null);
  const currentId = current?.id;
  useEffect(() => {
    if (currentId) activeTab.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [currentId]);
  return (
    <section className="panel community-page" data-testid="community-page">
      <BackToBoard text={t('community.backToBoard')} testId="community-back" />
      <h1 className="panel__title">{t('community.title')}</h1>
      <div className="page-tabs scroll-row" role="tablist" aria-label={t('community.title')}>
        {communityTabs.map((tab) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={`community-tab-${tab.id}`}
            aria-selected={tab === current}
            ref={tab === current ? activeTab : undefined}
            aria-controls="community-panel"
            className={tab === current ? 'page-tabs__tab is-active' : 'page-tabs__tab'}
            // A tab shows its list: whatever item was open in the other one closes.
            onClick={() => setSearchParams({ tab: tab.id }, { replace: true })}
            data-testid="community-tab"
            data-tab={tab.id}
          >
            {t(tab.tabText)}
          </button>
        ))}
      </div>
      <div
        id="community-panel"
        role="tabpanel"
        aria-labelledby={current ? `community-tab-${current.id}` : undefined}
        className="community-page__panel"
      >
        {Panel ? <Panel key={current.id} /> : null}
      </div>
    </section>
  );
}
