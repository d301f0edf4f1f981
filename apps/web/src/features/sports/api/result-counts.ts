import { matchResultList } from '@sb/contract';
import { useQueries } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { shiftDisplayDate, startOfDisplayDate } from '../../../lib/display-time';
import { useSessionStore } from '../../../lib/session/session-store';

/** Counts of a day change only as matches finish: read again at most once a minute. */
const countsFreshMs = 60_000;

/**
 * How many results each sport has on a display day (`YYYY-MM-DD`), the results tab's counts:
 * one read of a single row per sport, whose `total` counts the day's finished and called-off
 * matches as the list would show them. Empty until the day is known.
 */
export function useResultCounts(
  sportIds: readonly number[],
  date: string | null,
): ReadonlyMap<number, number> {
  const token = useSessionStore((state) => state.session?.token);
  const answers = useQueries({
    queries: sportIds.map((sportId) => ({
      queryKey: ['sports', 'result-count', sportId, date, token],
      queryFn: () =>
        callApi(matchResultList, {
          sportId,
          startTime: startOfDisplayDate(date ?? ''),
          endTime: startOfDisplayDate(shiftDisplayDate(date ?? '', 1)),
          size: 1,
        }),
      enabled: token !== undefined && date !== null,
      staleTime: countsFreshMs,
    })),
  });
  const counts = new Map<number, number>();
  sportIds.forEach((sportId, index) => {
    const total = answers[index]?.data?.total;
    if (total !== undefined) counts.set(sportId, total);
  });
  return counts;
}
