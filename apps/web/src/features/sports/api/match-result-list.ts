import { matchResultList } from '@sb/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { useSessionStore } from '../../identity/store/session-store';

const resultPageSize = 100;

/** Finished and called-off matches of a sport, latest first. */
export function useMatchResults(sportId: number) {
  const token = useSessionStore((state) => state.session?.token);
  return useQuery({
    queryKey: ['sports', 'results', sportId, token],
    queryFn: () => callApi(matchResultList, { sportId, size: resultPageSize }),
    enabled: token !== undefined,
  });
}
