import { matchList, matchListType, matchPageSchema, matchSchema } from '@sb/contract';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { callOpened, UnexpectedAnswerError } from '../../../lib/sealed-call';
import { useSessionStore } from '../../../lib/session/session-store';

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
export const listPageSize = 1_000;

export interface MatchListRequest {
  type: number;
  sportId: number;
  rows: number;
}

export function matchListQueryKey(request: MatchListRequest, token: string | undefined) {
  return ['sports', 'match-list', request.type, request.sportId, request.rows, token] as const;
}

/** Matches checked in one go before the page lets the browser paint (about 5 ms of work). */
const checkSliceSize = 100;
type MatchPage = z.infer<typeof matchPageSchema>;
const pageFrameSchema = matchPageSchema.extend({ records: z.array(z.unknown()) });

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Checks a list answer against the contract a slice of matches at a time, yielding between
 * slices: a thousand matches checked at once hold the main thread for 40 to 200 ms, long enough
 * to drop frames while odds stream (bench/odds-fps.bench.ts).
 */
export async function checkMatchPage(plain: unknown): Promise<MatchPage> {
  const frame = pageFrameSchema.safeParse(plain);
  if (!frame.success) throw new UnexpectedAnswerError(matchList.path);
  const records: MatchPage['records'] = [];
  for (let start = 0; start < frame.data.records.length; start += checkSliceSize) {
    if (start > 0) await nextTask();
    for (const record of frame.data.records.slice(start, start + checkSliceSize)) {
      const match = matchSchema.safeParse(record);
      if (!match.success) throw new UnexpectedAnswerError(matchList.path);
      records.push(match.data);
    }
  }
  return { ...frame.data, records };
}

/** A page of matches with the per-sport counts of the tabs (sealed answer, opened here). */
export function useMatchList(request: MatchListRequest) {
  const token = useSessionStore((state) => state.session?.token);
  return useQuery({
    queryKey: matchListQueryKey(request, token),
    queryFn: async () =>
      checkMatchPage(
        await callOpened(
          matchList,
          { type: request.type, sportId: request.sportId, rows: request.rows, size: listPageSize },
          token ?? '',
        ),
      ),
    enabled: token !== undefined,
    // Comparing a thousand matches with the last answer costs more than re-rendering the rows
    // drawn, which is all a new answer re-renders.
    structuralSharing: false,
    refetchInterval: listRefreshMs,
    placeholderData: (previous) => previous,
  });
}
