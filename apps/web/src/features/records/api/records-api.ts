import {
  defaultStatPageSize,
  memberAmountLog,
  memberStatDaily,
  orderStat,
  settlementRecord,
  unsettledOrders,
} from '@sb/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import type { StatRange } from '../model/records-format';

/** The lists of the records page's tabs (docs/betting.md "Statistics"). */
export type RecordsTab = 'settled' | 'open' | 'movements';

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
 * One page of the tab's list. Settled bets and money movements follow the range; open bets are
 * all shown, since an open bet matters whenever it was placed.
 */
export function useRecordsPage(memberId: number, tab: RecordsTab, range: StatRange, page: number) {
  const paging = { page, size: defaultStatPageSize };
  const times = { startTime: range.startTime, endTime: range.endTime };
  return useQuery({
    queryKey: [rootKey, tab, memberId, range.startTime, range.endTime, page] as const,
    queryFn: async () => {
      if (tab === 'settled') {
        const answer = await callApi(settlementRecord, { ...times, ...paging });
        return { tab, ...answer } as const;
      }
      if (tab === 'open') {
        const answer = await callApi(unsettledOrders, paging);
        return { tab, ...answer } as const;
      }
      const answer = await callApi(memberAmountLog, { ...times, ...paging });
      return { tab, ...answer } as const;
    },
    enabled: memberId > 0,
    staleTime: 0,
  });
}
