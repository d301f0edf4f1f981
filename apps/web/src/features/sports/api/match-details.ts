import { matchDetails } from '@sb/contract';
import { useQuery } from '@tanstack/react-query';
import { useSessionStore } from '../../../lib/session/session-store';
import { callSealedApi } from './sealed-call';

/**
 * The detail panel reads every market of a match again this often: the game socket moves the
 * prices of the lines it shows at once (docs/realtime.md), and this read brings lines that
 * opened or went since.
 */
const detailsRefreshMs = 5_000;

export function useMatchDetails(matchId: number, sportId: number) {
  const token = useSessionStore((state) => state.session?.token);
  return useQuery({
    queryKey: ['sports', 'details', matchId, sportId, token],
    queryFn: () => callSealedApi(matchDetails, { matchId, sportId }),
    enabled: token !== undefined,
    refetchInterval: detailsRefreshMs,
  });
}
