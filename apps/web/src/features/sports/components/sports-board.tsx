import type { MatchWire } from '@sb/contract';
import { listRowsFor } from '@sb/domain';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { listTypeOfTab, useMatchList } from '../api/match-list';
import { useMatchSearch } from '../api/match-search';
import { useOddsStyleChoice } from '../api/odds-style';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { useMatchSocketConnection } from '../live/use-match-socket-connection';
import { useSocketCounts } from '../live/use-socket-counts';
import { favouriteFlags, useFavouriteStore } from '../model/favourite-store';
import { outrightSportId } from '../model/sports';
import { MatchDetail } from './match-detail';
import { MatchList } from './match-list';
import { OddsStyleSelect } from './odds-style-select';
import { ResultsList } from './results-list';
import { SportTabs } from './sport-tabs';
import '../sports.css';

interface SportsBoardProps {
  isMini: boolean;
  /** Registered members (memberId > 0) have favourites. */
  isMember: boolean;
  /** The list's height: the layout's content height (SPEC §2: mini and members differ). */
  listHeight: string;
}

const noMatches: readonly MatchWire[] = [];

/** Typing pauses this long before the search is sent. */
const searchDelayMs = 300;

type BoardTab = keyof typeof listTypeOfTab | 'results';
const boardTabs: readonly BoardTab[] = ['home', 'inPlay', 'today', 'early', 'outrights', 'results'];

/**
 * The match lists of the index page (SPEC §2): sport tabs with counts, the header tab's list
 * (or results), league groups, search, favourites (type 6) and the detail panel.
 */
export function SportsBoard({ isMini, isMember, listHeight }: SportsBoardProps) {
  const { t } = useTranslation();
  useMatchSocketConnection();
  const chooseStyle = useOddsStyleChoice();
  const [searchParams] = useSearchParams();
  const tabParam = searchParams.get('tab');
  const tab = boardTabs.find((candidate) => candidate === tabParam) ?? 'home';
  const [sportId, setSportId] = useState(1);
  const [isFavouritesView, setFavouritesView] = useState(false);
  const [keyword, setKeyword] = useState('');
  const [detail, setDetail] = useState<MatchWire | null>(null);

  // The outrights tab lists the outrights sport; leaving it goes back to football.
  useEffect(() => {
    setSportId((current) => {
      if (tab === 'outrights') return outrightSportId;
      return current === outrightSportId ? 1 : current;
    });
  }, [tab]);

  const type = isFavouritesView
    ? listTypeOfTab.favourites
    : listTypeOfTab[tab === 'results' ? 'home' : tab];
  const list = useMatchList({ type, sportId, rows: listRowsFor(sportId, isMini) });
  const search = useMatchSearch(useDebouncedValue(keyword, searchDelayMs), sportId);
  const favourites = useFavouriteStore();
  const listCounts = useMemo(
    () => new Map((list.data?.counts ?? []).map((entry) => [entry.sportId, entry.count])),
    [list.data],
  );
  const { refetch } = list;
  const reread = useCallback(() => void refetch(), [refetch]);
  // A tab switch shows the previous tab's list until the new one is read (placeholder data).
  const isReading = list.isFetching || list.isPlaceholderData || list.data === undefined;
  const counts = useSocketCounts({
    listCounts,
    listReadAtMs: list.dataUpdatedAt,
    listed: list.data?.records ?? noMatches,
    type,
    sportId,
    isActive: !keyword.trim() && !isFavouritesView && tab !== 'results',
    isReading,
    reread,
  });
  const matches = useMemo(() => {
    if (keyword.trim()) return search.data?.records ?? [];
    const records = list.data?.records ?? [];
    if (!isFavouritesView) return records;
    // SPEC §4: the favourites view drops items with neither flag set.
    return records.filter((match) => {
      const flags = favouriteFlags(match, favourites);
      return flags.isLeague || flags.isMatch;
    });
  }, [keyword, search.data, list.data, isFavouritesView, favourites]);

  const isResults = tab === 'results' && !keyword.trim();
  const isLoading = keyword.trim() ? search.isPending : list.isPending;
  return (
    <div className={isMini ? 'sports-board sports-board--mini' : 'sports-board'}>
      <SportTabs activeId={sportId} counts={counts} onPick={setSportId} />
      <div className="sports-board__tools">
        <input
          className="sports-board__search"
          type="search"
          data-testid="match-search"
          placeholder={t('sportsBoard.search')}
          aria-label={t('sportsBoard.search')}
          maxLength={50}
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
        />
        {isMember ? (
          <button
            type="button"
            className={isFavouritesView ? 'button button--ghost is-active' : 'button button--ghost'}
            data-testid="favourites-view"
            aria-pressed={isFavouritesView}
            onClick={() => setFavouritesView((value) => !value)}
          >
            {t('sportsFavourites.view')}
          </button>
        ) : null}
        <OddsStyleSelect onChange={chooseStyle} />
      </div>
      <div className="sports-board__body" data-testid="board-body" aria-busy={isReading}>
        {isResults ? (
          <ResultsList sportId={sportId} />
        ) : isLoading ? (
          <p className="muted">{t('sportsBoard.loading')}</p>
        ) : matches.length === 0 ? (
          <div className="empty-state" data-testid="match-list-empty">
            <p className="empty-state__title">{t('sportsBoard.noMatches')}</p>
          </div>
        ) : (
          <MatchList
            matches={matches}
            isMini={isMini}
            height={listHeight}
            onOpenDetail={setDetail}
          />
        )}
        {detail ? <MatchDetail listed={detail} onClose={() => setDetail(null)} /> : null}
      </div>
    </div>
  );
}
