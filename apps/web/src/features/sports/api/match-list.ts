import { matchList, matchListType } from '@sb/contract';
import { useQuery } from '@tanstack/react-query';
import { useSessionStore } from '../../identity/store/session-store';
import { callSealedApi } from './sealed-call';

/** Header tabs (the `?tab=` of #/index) and the list type each asks for (docs/matches.md). */
export const listTypeOfTab = {
  home: matchListType.all,
  inPlay: matchListType.live,
  today: matchListType.today,
  early: matchListType.early,
  outrights: matchListType.outright,
  favourites: matchListType.favourites,
} as const;

/** The list is read again this often, so new matches show and the sport counts rise. */
const listRefreshMs = 15_000;
/** One page holds every match a tab can show at once; the list is virtualized. */
export const listPageSize = 500;

export interface MatchListRequest {
  type: number;
  sportId: number;
  rows: number;
}

export function matchListQueryKey(request: MatchListRequest, token: string | undefined) {
  return ['sports', 'match-list', request.type, request.sportId, request.rows, token] as const;
}

/** A page of matches with the per-sport counts of the tabs (sealed answer, opened here). */
export function useMatchList(request: MatchListRequest) {
  const token = useSessionStore((state) => state.session?.token);
  return useQuery({
    queryKey: matchListQueryKey(request, token),
    queryFn: () =>
      callSealedApi(matchList, {
        type: request.type,
        sportId: request.sportId,
        rows: request.rows,
        size: listPageSize,
      }),
    enabled: token !== undefined,
    refetchInterval: listRefreshMs,
    placeholderData: (previous) => previous,
  });
}
