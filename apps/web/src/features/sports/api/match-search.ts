import { matchSearch } from '@sb/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session/session-store';

/** Search results are capped by the contract at 100. */
const searchSize = 100;

/**
 * Open matches of every sport whose team, title or league contains the keyword (empty keyword:
 * no call): a member looking for a team should not have to guess its sport first.
 */
export function useMatchSearch(keyword: string) {
  const token = useSessionStore((state) => state.session?.token);
  const trimmed = keyword.trim();
  return useQuery({
    queryKey: ['sports', 'search', trimmed, token],
    queryFn: () => callApi(matchSearch, { keyword: trimmed, size: searchSize }),
    enabled: token !== undefined && trimmed.length > 0,
  });
}
