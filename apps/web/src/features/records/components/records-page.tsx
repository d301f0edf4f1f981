import { defaultStatPageSize } from '@sb/contract';
import { formatDisplayAmount } from '@sb/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackToBoard } from '../../../components/back-to-board';
import { Pager, type PagerLook } from '../../../components/pager';
import { useDialogStore } from '../../../lib/session/dialog-store';
import { useSessionStore } from '../../../lib/session/session-store';
import {
  type RecordsTab,
  useDailyFigures,
  useRangeFigures,
  useRecordsPage,
} from '../api/records-api';
import {
  filterForTab,
  isFiltered,
  noRecordsFilter,
  type RecordsFilter,
  tabTakesFilter,
} from '../model/records-filter';
import {
  type DayRange,
  dayRanges,
  formatSignedAmount,
  formatWinRate,
  pageCountOf,
  rangeOfDays,
  type StatRange,
} from '../model/records-format';
import { DailyChart } from './daily-chart';
import { RecordsFilterHeader } from './records-filter';
import { RecordsTable } from './records-table';
import './records.css';

const recordsPager: PagerLook = {
  className: 'records-pager',
  testIds: {
    root: 'records-pager',
    previous: 'records-previous',
    page: 'records-page-number',
    next: 'records-next',
  },
  label: 'short',
};

const tabs: { tab: RecordsTab; textKey: string }[] = [
  { tab: 'settled', textKey: 'records.tabSettled' },
  { tab: 'open', textKey: 'records.tabOpen' },
  { tab: 'movements', textKey: 'records.tabMovements' },
];

/**
 * The filter header: what the range's bets came to, as the server's statistics answer it. Of a
 * free bet they should count the bet and whether it won, no stake (it was not the member's
 * money) and its winnings as payout and win/loss, as the rows do (model/free-bet-rows.ts);
 * the server's figures still count its stake as turnover and payout and its result as 0
 * (docs/web-betslip.md, Records and statistics page).
 */
function RangeSummary({ memberId, range }: { memberId: number; range: StatRange }) {
  const { t } = useTranslation();
  const figures = useRangeFigures(memberId, range).data;
  if (!figures) return null;
  const money = (minor: number) => formatDisplayAmount(minor, figures.scale);
  const facts: { key: string; value: string; testId: string }[] = [
    { key: 'records.betCount', value: String(figures.betCount), testId: 'records-bet-count' },
    { key: 'records.turnover', value: money(figures.stake), testId: 'records-turnover' },
    { key: 'records.openStake', value: money(figures.openStake), testId: 'records-open-stake' },
    { key: 'records.payout', value: money(figures.payout), testId: 'records-payout' },
    {
      key: 'records.result',
      value: formatSignedAmount(figures.result, figures.scale),
      testId: 'records-result',
    },
    {
      key: 'records.winRate',
      // Before a bet is won or lost there is no rate, and 0% would say every one lost.
      value: formatWinRate(figures.winCount, figures.lossCount) ?? t('records.winRateNone'),
      testId: 'records-win-rate',
    },
  ];
  return (
    <dl
      className="records-summary"
      data-testid="records-summary"
      data-currency={figures.currencyCode}
    >
      {facts.map((fact) => (
        <div key={fact.key} className="records-summary__fact">
          <dt>{t(fact.key)}</dt>
          <dd data-testid={fact.testId}>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function MemberRecords({ memberId }: { memberId: number }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<RecordsTab>('settled');
  const [days, setDays] = useState<DayRange>(7);
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<RecordsFilter>(noRecordsFilter);
  // The range is fixed when chosen, so the query keys stay put while the page is open.
  const range = useMemo(() => rangeOfDays(days, Date.now()), [days]);
  const list = useRecordsPage(memberId, tab, range, page, filter);
  const daily = useDailyFigures(memberId, range).data;
  const pages = pageCountOf(list.data?.total ?? 0, defaultStatPageSize);

  return (
    <>
      <div className="page-tabs scroll-row" role="tablist">
        {tabs.map((entry) => (
          <button
            key={entry.tab}
            type="button"
            role="tab"
            aria-selected={entry.tab === tab}
            className={entry.tab === tab ? 'page-tabs__tab is-active' : 'page-tabs__tab'}
            onClick={() => {
              setTab(entry.tab);
              setFilter((current) => filterForTab(current, entry.tab));
              setPage(1);
            }}
            data-testid="records-tab"
            data-tab={entry.tab}
          >
            {t(entry.textKey)}
          </button>
        ))}
      </div>
      <fieldset className="records-ranges">
        {dayRanges.map((candidate) => (
          <button
            key={candidate}
            type="button"
            aria-pressed={candidate === days}
            className={candidate === days ? 'button button--secondary' : 'button button--ghost'}
            onClick={() => {
              setDays(candidate);
              setPage(1);
            }}
            data-testid="records-range"
            data-days={candidate}
          >
            {candidate === 1
              ? t('records.rangeToday')
              : t('records.rangeDays', { count: candidate })}
          </button>
        ))}
      </fieldset>
      <RangeSummary memberId={memberId} range={range} />
      {daily ? <DailyChart days={daily.days} scale={daily.scale} /> : null}
      {tabTakesFilter(tab) ? (
        <RecordsFilterHeader
          tab={tab}
          filter={filter}
          onChange={(next) => {
            setFilter(next);
            setPage(1);
          }}
        />
      ) : null}
      {list.isPending ? <p className="muted">{t('records.loading')}</p> : null}
      {list.isError ? <p className="muted">{t('records.loadFailed')}</p> : null}
      {list.data && list.data.records.length === 0 ? (
        <p className="muted" data-testid="records-empty">
          {tabTakesFilter(tab) && isFiltered(filter)
            ? t('records.emptyFiltered')
            : t('records.empty')}
        </p>
      ) : null}
      {list.data && list.data.records.length > 0 ? <RecordsTable rows={list.data} /> : null}
      <Pager page={page} pages={pages} onPage={setPage} look={recordsPager} />
    </>
  );
}

/** The records and statistics page (SPEC §2 other screens), #/records and #/mini/records. */
export function RecordsPage() {
  const { t } = useTranslation();
  const memberId = useSessionStore((state) => state.session?.memberId ?? 0);
  const openDialog = useDialogStore((state) => state.openDialog);
  return (
    <section className="panel records-page" data-testid="records-page">
      <BackToBoard text={t('records.backToBoard')} testId="records-back" />
      <h1 className="panel__title">{t('records.title')}</h1>
      {memberId > 0 ? (
        <MemberRecords key={memberId} memberId={memberId} />
      ) : (
        <div className="empty-state">
          <p className="empty-state__title">{t('records.loginFirst')}</p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => openDialog('login')}
            data-testid="records-login"
          >
            {t('records.login')}
          </button>
        </div>
      )}
    </section>
  );
}
