import { useTranslation } from 'react-i18next';
import { sportTabs } from '../model/sports';

interface SportTabsProps {
  activeId: number;
  /** Matches per sport for the current list type, from the list answer's `counts`. */
  counts: ReadonlyMap<number, number>;
  onPick(sportId: number): void;
}

/** Sport tabs with their counts; a sport with no matches of this type still shows, at 0. */
export function SportTabs({ activeId, counts, onPick }: SportTabsProps) {
  const { t } = useTranslation();
  return (
    <nav className="sport-tabs" aria-label={t('sportsBoard.sportsLabel')}>
      {sportTabs.map((sport) => (
        <button
          key={sport.sportId}
          type="button"
          className={sport.sportId === activeId ? 'sport-tab is-active' : 'sport-tab'}
          data-testid="sport-tab"
          data-sport-id={sport.sportId}
          aria-pressed={sport.sportId === activeId}
          onClick={() => onPick(sport.sportId)}
        >
          <span className="sport-tab__name">{t(`sportsBoard.sport.${sport.key}`)}</span>
          <span className="sport-tab__count" data-testid="sport-count">
            {counts.get(sport.sportId) ?? 0}
          </span>
        </button>
      ))}
    </nav>
  );
}
