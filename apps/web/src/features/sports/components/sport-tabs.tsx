import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { SportTab } from '../model/visible-sports';

interface SportTabsProps {
  /** The sports offered and not hidden by the control switches (`visibleSportTabs`). */
  tabs: readonly SportTab[];
  activeId: number;
  /** Matches per sport for the current list type, from the list answer's `counts`. */
  counts: ReadonlyMap<number, number>;
  onPick(sportId: number): void;
}

/** Sport tabs with their counts; a sport with no matches of this type still shows, at 0. */
export function SportTabs({ tabs, activeId, counts, onPick }: SportTabsProps) {
  const { t } = useTranslation();
  const activeTab = useRef<HTMLButtonElement | null>(null);
  // On a phone the row scrolls sideways: the sport shown is brought into view when it changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again whenever the sport changes.
  useEffect(() => {
    activeTab.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [activeId]);
  return (
    <nav className="sport-tabs scroll-row" aria-label={t('sportsBoard.sportsLabel')}>
      {tabs.map((sport) => (
        <button
          key={sport.sportId}
          type="button"
          className={sport.sportId === activeId ? 'sport-tab is-active' : 'sport-tab'}
          data-testid="sport-tab"
          data-sport-id={sport.sportId}
          aria-pressed={sport.sportId === activeId}
          ref={sport.sportId === activeId ? activeTab : undefined}
          onClick={() => onPick(sport.sportId)}
        >
          <span className="sport-tab__name">
            {sport.key ? t(`sportsBoard.sport.${sport.key}`) : sport.name}
          </span>
          <span className="sport-tab__count" data-testid="sport-count">
            {counts.get(sport.sportId) ?? 0}
          </span>
        </button>
      ))}
    </nav>
  );
}
