import {
  defaultStatPageSize,
  matchSportsType,
  memberStatDaily,
  orderStat,
  settlementRecord,
  unsettledOrders,
  walletMovements,
} from '@sb/contract';
import { parseLanguage } from '@sb/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../lib/api-client';
import { filterFieldsOf, type RecordsFilter, type RecordsTab } from '../model/records-filter';
import type { StatRange } from '../model/records-format';

export type { RecordsTab } from '../model/records-filter';

const rootKey = 'records';

/** Figures of the bets placed in the range, for the header above the table. */
export function useRangeFigures(memberId: number, range: StatRange) {
  return useQuery({
    queryKey: [rootKey, 'figures', memberId, range.startTime, range.endTime] as const,
    queryFn: () => callApi(orderStat, { startTime: range.startTime, endTime: range.endTime }),
    enabled: memberId > 0,
    staleTime: 0,
  });
}

/** Every display day of the range with its figures, for the chart. */
export function useDailyFigures(memberId: number, range: StatRange) {
  return useQuery({
    queryKey: [rootKey, 'daily', memberId, range.startDate, range.endDate] as const,
    queryFn: () => callApi(memberStatDaily, { startDate: range.startDate, endDate: range.endDate }),
    enabled: memberId > 0,
    staleTime: 0,
  });
}

/**
 * One page of the tab's list. Settled bets and balance movements follow the range; open bets are
 * all shown, since an open bet matters whenever it was placed. The bet lists are narrowed by the
 * filter header on the server, which counts the total and cuts the page after filtering. The
 * balance movements are every movement of the available balance the ledger booked (deposits and
 * withdrawals too), not only the bets' (docs/web-betslip.md).
 */
export function useRecordsPage(
  memberId: number,
  tab: RecordsTab,
  range: StatRange,
  page: number,
  filter: RecordsFilter,
) {
  const paging = { page, size: defaultStatPageSize };
  const times = { startTime: range.startTime, endTime: range.endTime };
  const filterFields = filterFieldsOf(filter);
  return useQuery({
    queryKey: [rootKey, tab, memberId, range.startTime, range.endTime, page, filterFields] as const,
    queryFn: async () => {
      if (tab === 'settled') {
        const answer = await callApi(settlementRecord, { ...times, ...paging, ...filterFields });
        return { tab, ...answer } as const;
      }
      if (tab === 'open') {
        const answer = await callApi(unsettledOrders, { ...paging, ...filterFields });
        return { tab, ...answer } as const;
      }
      const answer = await callApi(walletMovements, { ...times, ...paging });
      return { tab, ...answer } as const;
    },
    enabled: memberId > 0,
    staleTime: 0,
  });
}

/** The sports the server offers now, named in the site's language, for the sport choice. */
export function useSportOptions() {
  const { i18n } = useTranslation();
  const language = parseLanguage(i18n.language);
  return useQuery({
    queryKey: [rootKey, 'sports', language] as const,
    queryFn: () => callApi(matchSportsType, {}, { isSilent: true }),
    staleTime: 5 * 60_000,
  });
}
