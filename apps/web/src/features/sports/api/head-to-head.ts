import { type CallOutput, matchHeadToHead } from '@sb/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session/session-store';

export type HeadToHeadRecord = CallOutput<typeof matchHeadToHead>;

/** Whether the book keeps any past of a match's sides: the head-to-head is offered only then. */
export const hasRecord = (record: HeadToHeadRecord | undefined): boolean =>
  record !== undefined &&
  record.meetings.length + record.homeForm.length + record.awayForm.length > 0;

/** A match's head-to-head record; the past does not change, so it is read once. */
export function useHeadToHead(matchId: number, sportId: number) {
  const token = useSessionStore((state) => state.session?.token);
  return useQuery({
    queryKey: ['sports', 'head-to-head', matchId, sportId, token],
    queryFn: () => callApi(matchHeadToHead, { matchId, sportId }),
    enabled: token !== undefined && matchId > 0,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
