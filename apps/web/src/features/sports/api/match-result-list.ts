import { matchResultList } from '@sb/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { shiftDisplayDate, startOfDisplayDate } from '../../../lib/display-time';
import { useSessionStore } from '../../../lib/session/session-store';

const dayPageSize = 200;

/**
 * Finished and called-off matches of a sport, latest first: those that kicked off on a display
 * day (`YYYY-MM-DD`, SPEC §9's zone), or with no day the latest one, which tells the day the
 * results open on (the book's clock, not the browser's).
 */
export function useMatchResults(sportId: number, date: string | null) {
  const token = useSessionStore((state) => state.session?.token);
  return useQuery({
    queryKey: ['sports', 'results', sportId, date, token],
    queryFn: () =>
      callApi(
        matchResultList,
        date === null
          ? { sportId, size: 1 }
          : {
              sportId,
              startTime: startOfDisplayDate(date),
              endTime: startOfDisplayDate(shiftDisplayDate(date, 1)),
              size: dayPageSize,
            },
      ),
    enabled: token !== undefined,
  });
}
