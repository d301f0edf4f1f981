import { type RankedTipster, type RankWindow, rankWindows } from '@sb/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager, type PagerLook, pageCountOf } from '../../../components/pager';
import { tipsterRankPageSize, useTipsterRank } from '../api/share-api';
import { percentOfUnits } from '../model/figures';
import { ListFilters, TipsterPanel } from './shares-tab';
import './shares.css';

const rankPager: PagerLook = {
  className: 'pager',
  testIds: { previous: 'tipsters-previous', next: 'tipsters-next' },
  onePage: 'hidden',
};

/** One ranked tipster: their place, masked name and the figures behind the place. */
function TipsterRow({ tipster, onOpen }: { tipster: RankedTipster; onOpen(): void }) {
  const { t } = useTranslation();
  const figures: [string, string, string][] = [
    ['orders', t('tipstersTab.orders'), String(tipster.orders)],
    ['win-rate', t('tipstersTab.winRate'), percentOfUnits(tipster.winRate)],
    ['yield', t('tipstersTab.yield'), percentOfUnits(tipster.yield)],
    ['score', t('tipstersTab.score'), percentOfUnits(tipster.score)],
    ['streak', t('tipstersTab.longestStreak'), String(tipster.longestWinStreak)],
  ];
  return (
    <li
      className="tipster-rank"
      data-testid="tipster-rank"
      data-tipster-id={tipster.tipsterId}
      data-rank={tipster.rank}
    >
      <button type="button" className="tipster-rank__open" onClick={onOpen}>
        <span className="tipster-rank__head">
          <span className="tipster-rank__place">#{tipster.rank}</span>
          <span className="tipster-rank__name" data-testid="tipster-rank-name">
            {tipster.name}
          </span>
        </span>
        <span className="tipster-rank__figures">
          {figures.map(([id, label, value]) => (
            <span key={id} className="tipster-rank__figure">
              <span className="tipster-rank__label">{label}</span>
              <strong data-testid={`tipster-rank-${id}`}>{value}</strong>
            </span>
          ))}
        </span>
      </button>
    </li>
  );
}

/**
 * The community page's Top tipsters tab: the ranking of `master/rank` over 7, 30 or 90 days,
 * by sport, paged; a row opens the tipster's profile with follow/unfollow, as on the Shares tab.
 */
export function TipstersTab() {
  const { t } = useTranslation();
  const [rankWindow, setRankWindow] = useState<RankWindow>(30);
  const [sportId, setSportId] = useState(0);
  const [page, setPage] = useState(1);
  const [tipsterId, setTipsterId] = useState<number | null>(null);
  const ranking = useTipsterRank(rankWindow, sportId || undefined, page);
  const pages = pageCountOf(ranking.data?.total ?? 0, tipsterRankPageSize);

  return (
    <div className="shares-tab" data-testid="tipsters-tab">
      <ListFilters
        legend={t('tipstersTab.window')}
        options={rankWindows}
        chosen={rankWindow}
        onChoose={(days) => {
          setRankWindow(days);
          setPage(1);
        }}
        labelOf={(days) => t('tipstersTab.days', { count: days })}
        testIdOf={(days) => `tipsters-window-${days}`}
        sportId={sportId}
        onSport={(id) => {
          setSportId(id);
          setPage(1);
        }}
        sportTestId="tipsters-sport"
      />
      {tipsterId !== null ? (
        <TipsterPanel tipsterId={tipsterId} onClose={() => setTipsterId(null)} />
      ) : null}
      {ranking.isPending ? <p className="muted">{t('sharePage.loading')}</p> : null}
      {ranking.isError ? <p className="muted">{t('tipstersTab.loadFailed')}</p> : null}
      {ranking.data ? (
        <p className="muted tipsters-tab__rule" data-testid="tipsters-rule">
          {t('tipstersTab.rule', { count: ranking.data.minOrders })}
        </p>
      ) : null}
      {ranking.data && ranking.data.records.length === 0 ? (
        <p className="muted" data-testid="tipsters-empty">
          {t('tipstersTab.empty', { count: ranking.data.window })}
        </p>
      ) : null}
      <ol className="tipsters-tab__list">
        {ranking.data?.records.map((tipster) => (
          <TipsterRow
            key={tipster.tipsterId}
            tipster={tipster}
            onOpen={() => setTipsterId(tipster.tipsterId)}
          />
        ))}
      </ol>
      <Pager page={page} pages={pages} onPage={setPage} look={rankPager} />
    </div>
  );
}
