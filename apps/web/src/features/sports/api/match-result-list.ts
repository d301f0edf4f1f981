import { matchResultList } from '@sb/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { shiftDisplayDate, startOfDisplayDate } from '../../../lib/display-time';
import { useSessionStore } from '../../../lib/session/session-store';

/** The most the call answers in one page; a busy day has several. */
const dayPageSize = 200;

/**
 * The newest result of a sport, which tells the day the results open on (the book's clock, not
 * the browser's).
 */
export function useNewestResult(sportId: number) {
  const token = useSessionStore((state) => state.session?.token);
  return useQuery({
    queryKey: ['sports', 'results', sportId, 'newest', token],
    queryFn: () => callApi(matchResultList, { sportId, size: 1 }),
    enabled: token !== undefined,
  });
}

/**
 * Finished and called-off matches of a sport that kicked off on a display day (`YYYY-MM-DD`,
 * SPEC §9's zone), latest first, page after page as the member asks for more.
 */
export function useDayResults(sportId: number, date: string) {
  const token = useSessionStore((state) => state.session?.token);
  return useInfiniteQuery({
    queryKey: ['sports', 'results', sportId, date, token],
    queryFn: ({ pageParam }) =>
      callApi(matchResultList, {
        sportId,
        startTime: startOfDisplayDate(date),
        endTime: startOfDisplayDate(shiftDisplayDate(date, 1)),
        size: dayPageSize,
        page: pageParam,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.size < last.total ? last.page + 1 : undefined),
    enabled: token !== undefined,
  });
}
