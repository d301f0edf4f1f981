import type { MatchWire } from '@sb/contract';
import { listRowsFor, parseLanguage } from '@sb/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  useOfferedSports,
  useSiteSwitchesStore,
  useSiteVisibility,
} from '../../../lib/app-init/site-init';
import { loadedOnUse } from '../../../lib/loaded-on-use';
import { useSessionStore } from '../../../lib/session/session-store';
import { listTypeOfTab, useMatchList } from '../api/match-list';
import { useMatchSearch } from '../api/match-search';
import { useOddsStyleChoice } from '../api/odds-style';
import { useResultCounts } from '../api/result-counts';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { useDetailHistory } from '../hooks/use-detail-history';
import { useMatchSocketConnection } from '../live/use-match-socket-connection';
import { useSocketCounts } from '../live/use-socket-counts';
import { favouriteFlags, useFavouriteStore } from '../model/favourite-store';
import { outrightSportId } from '../model/sports';
import { shownSportId, visibleMatches, visibleSportTabs } from '../model/visible-sports';
import { MatchList } from './match-list';
import { MatchSearchBox, SearchSummary } from './match-search';
import { NetworkErrorNotice } from './network-error-notice';
import { OddsStyleSelect } from './odds-style-select';
import { SportTabs } from './sport-tabs';
import '../sports.css';

/**
 * The match detail (its markets, tracker, streams) loads when a member first opens one: the
 * first page paints its list without it (docs/web-matches.md, The first page's weight).
 */
const MatchDetail = loadedOnUse(() =>
  import('./match-detail').then((module) => module.MatchDetail),
);
/** Results load when their tab is first opened. */
const ResultsList = loadedOnUse(() =>
  import('./results-list').then((module) => module.ResultsList),
);

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
  const { t, i18n } = useTranslation();
  useMatchSocketConnection();
  const chooseStyle = useOddsStyleChoice();
  const [searchParams] = useSearchParams();
  const tabParam = searchParams.get('tab');
  const tab = boardTabs.find((candidate) => candidate === tabParam) ?? 'home';
  const [chosenSportId, setSportId] = useState(1);
  const [isFavouritesView, setFavouritesView] = useState(false);
  const [keyword, setKeyword] = useState('');
  const [resultsDay, setResultsDay] = useState<string | null>(null);
  const { detail, open: openDetail, close: closeDetail } = useDetailHistory();
  const { tabs, visibility } = useSportTabs(parseLanguage(i18n.language));
  // A sport whose switch went on leaves the board: the first sport left takes its place.
  const sportId = shownSportId(chosenSportId, tabs);
  useEffect(() => {
    if (sportId !== chosenSportId) setSportId(sportId);
  }, [sportId, chosenSportId]);
  useEffect(() => {
    if (detail && !visibility.isSportVisible(detail.a)) closeDetail();
  }, [detail, visibility, closeDetail]);
  // A header tab asks for its own list: a search typed on another tab does not stand in for it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs whenever the tab changes.
  useEffect(() => setKeyword(''), [tab]);

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
  const searchedKeyword = useDebouncedValue(keyword, searchDelayMs);
  const search = useMatchSearch(searchedKeyword);
  const favourites = useFavouriteStore();
  const listCounts = useMemo(
    () => new Map((list.data?.counts ?? []).map((entry) => [entry.sportId, entry.count])),
    [list.data],
  );
  const { refetch } = list;
  const reread = useCallback(() => void refetch(), [refetch]);
  // A tab switch shows the previous tab's list until the new one is read (placeholder data).
  const isReading = list.isFetching || list.isPlaceholderData || list.data === undefined;
  const openCounts = useSocketCounts({
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
    // What the switches hide goes at once, before the lists are read again.
    if (keyword.trim()) return visibleMatches(search.data?.records ?? [], visibility);
    const records = visibleMatches(list.data?.records ?? [], visibility);
    if (!isFavouritesView) return records;
    // SPEC §4: the favourites view drops items with neither flag set.
    return records.filter((match) => {
      const flags = favouriteFlags(match, favourites);
      return flags.isLeague || flags.isMatch;
    });
  }, [keyword, search.data, list.data, isFavouritesView, favourites, visibility]);

  const isResults = tab === 'results' && !keyword.trim();
  const resultCounts = useResultCounts(
    isResults ? tabs.map((sport) => sport.sportId) : [],
    resultsDay,
  );
  // The results tab counts results, of the day it shows; every other list counts open matches.
  const counts = isResults ? resultCounts : openCounts;
  const isLoading = keyword.trim() ? search.isPending : list.isPending;
  // While a search is typed or answered, the rows on screen are not yet the ones it asks for.
  const isSearching =
    keyword.trim() !== '' &&
    (keyword !== searchedKeyword || search.isFetching || search.data === undefined);
  return (
    <div className={isMini ? 'sports-board sports-board--mini' : 'sports-board'}>
      <NetworkErrorNotice />
      <SportTabs tabs={tabs} activeId={sportId} counts={counts} onPick={setSportId} />
      <div className="sports-board__tools">
        <MatchSearchBox keyword={keyword} onKeyword={setKeyword} />
        {isMember ? (
          <button
            type="button"
            className={isFavouritesView ? 'button button--ghost is-active' : 'button button--ghost'}
            data-testid="favourites-view"
            aria-pressed={isFavouritesView}
            onClick={() => setFavouritesView((value) => !value)}
          >
            <span className="favourites-view__star" aria-hidden="true">
              {isFavouritesView ? '★' : '☆'}
            </span>
            <span className="favourites-view__label">{t('sportsFavourites.view')}</span>
          </button>
        ) : null}
        {/* Results carry no prices: their odds style would change nothing on screen. */}
        {isResults ? null : <OddsStyleSelect onChange={chooseStyle} />}
      </div>
      {keyword.trim() && !isLoading ? <SearchSummary matches={matches} tabs={tabs} /> : null}
      <div
        className="sports-board__body"
        data-testid="board-body"
        aria-busy={keyword.trim() ? isSearching : isReading}
      >
        {isResults ? (
          <ResultsList sportId={sportId} onDayShown={setResultsDay} />
        ) : isLoading ? (
          <p className="muted">{t('sportsBoard.loading')}</p>
        ) : matches.length === 0 ? (
          <div className="empty-state" data-testid="match-list-empty">
            <p className="empty-state__title">
              {keyword.trim()
                ? t('sportsBoard.noSearchResults', { keyword: keyword.trim() })
                : t('sportsBoard.noMatches')}
            </p>
          </div>
        ) : (
          <MatchList
            matches={matches}
            isMini={isMini}
            height={listHeight}
            onOpenDetail={openDetail}
          />
        )}
        {detail ? <MatchDetail listed={detail} onClose={closeDetail} /> : null}
      </div>
    </div>
  );
}

/**
 * The sport tabs the board shows (sportsType, less what the control switches hide), and the
 * switches' visibility. When the switches change, every match read of the board is read again:
 * a sport back on brings its matches, a play back on its markets (what went off is already
 * gone from screen, `visibleMatches`). The first switches app init says are no change: the
 * server answered every read with them already.
 */
function useSportTabs(language: ReturnType<typeof parseLanguage>) {
  const hasSession = useSessionStore((state) => state.session !== null);
  const offered = useOfferedSports({ hasSession, language });
  const visibility = useSiteVisibility();
  const hasSwitches = useSiteSwitchesStore((state) => state.hasSwitches);
  const tabs = useMemo(() => visibleSportTabs(offered, visibility), [offered, visibility]);
  const queryClient = useQueryClient();
  const readFor = useRef<string | null>(null);
  useEffect(() => {
    if (!hasSwitches || readFor.current === visibility.key) return;
    const isFirst = readFor.current === null;
    readFor.current = visibility.key;
    if (!isFirst) void queryClient.invalidateQueries({ queryKey: ['sports'] });
  }, [hasSwitches, visibility.key, queryClient]);
  return { tabs, visibility };
}
