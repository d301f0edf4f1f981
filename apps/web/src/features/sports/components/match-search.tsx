import type { MatchWire } from '@sb/contract';
import '../results-and-search.css';
import { useTranslation } from 'react-i18next';
import type { SportTab } from '../model/visible-sports';

/**
 * The board's search box: matches, teams and leagues of every sport. Escape clears it, which
 * brings the sport's list back.
 */
export function MatchSearchBox({
  keyword,
  onKeyword,
}: {
  keyword: string;
  onKeyword(keyword: string): void;
}) {
  const { t } = useTranslation();
  return (
    <search className="sports-board__search-box">
      <input
        className="sports-board__search"
        type="search"
        data-testid="match-search"
        placeholder={t('sportsBoard.search')}
        aria-label={t('sportsBoard.search')}
        maxLength={50}
        value={keyword}
        onChange={(event) => onKeyword(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onKeyword('');
        }}
      />
    </search>
  );
}

/** Which sports the search found matches in, so a result of another sport says which it is. */
export function SearchSummary({
  matches,
  tabs,
}: {
  matches: readonly MatchWire[];
  tabs: readonly SportTab[];
}) {
  const { t } = useTranslation();
  if (matches.length === 0) return null;
  const found = new Set(matches.map((match) => match.a));
  const names = tabs
    .filter((sport) => found.has(sport.sportId))
    .map((sport) => (sport.key ? t(`sportsBoard.sport.${sport.key}`) : sport.name));
  return (
    <p className="search-summary" role="status" data-testid="search-summary">
      {t('sportsBoard.searchFound', { count: matches.length, sports: names.join(' · ') })}
    </p>
  );
}
