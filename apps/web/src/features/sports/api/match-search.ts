import { matchSearch } from '@sb/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { useSessionStore } from '../../identity/store/session-store';

/** Search results are capped by the contract at 100. */
const searchSize = 50;

/** Open matches whose team, title or league contains the keyword (empty keyword: no call). */
export function useMatchSearch(keyword: string, sportId: number) {
  const token = useSessionStore((state) => state.session?.token);
  const trimmed = keyword.trim();
  return useQuery({
    queryKey: ['sports', 'search', trimmed, sportId, token],
    queryFn: () => callApi(matchSearch, { keyword: trimmed, sportId, size: searchSize }),
    enabled: token !== undefined && trimmed.length > 0,
  });
}
