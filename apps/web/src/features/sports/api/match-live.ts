import { type CallOutput, matchLive, matchLiveSwitch } from '@sb/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session/session-store';

/** Which stream a match offers: 1 video, 2 animation (the live/switch `type`). */
export const streamType = { video: 1, animation: 2 } as const;

type LiveStreams = CallOutput<typeof matchLive>;

/** How often the offers are read again while a live match on screen has none yet. */
export const missingOfferRetryMs = 5_000;

/**
 * Whether to read a sport's offers again, and when: a match that kicked off after the last read
 * has no offer in it, so while such a match is shown (and isShow lets the viewer watch) the
 * offers are read again until it appears; otherwise they are left alone.
 */
export function missingOfferRetry(
  streams: LiveStreams | undefined,
  liveMatchId: number | undefined,
): number | false {
  if (liveMatchId === undefined || !streams?.isShow) return false;
  return streams.records.some((record) => record.b === liveMatchId) ? false : missingOfferRetryMs;
}

/**
 * Video and animation per match, and whether the viewer's isShow lets them see any.
 * `liveMatchId` names a live match on screen, whose offer is awaited if the last read lacks it.
 */
export function useLiveStreams(sportId: number, liveMatchId?: number) {
  const token = useSessionStore((state) => state.session?.token);
  return useQuery({
    queryKey: ['sports', 'live', sportId, token],
    queryFn: () => callApi(matchLive, { sportId }),
    enabled: token !== undefined,
    // Matches go live all the time: a detail opened on a match that kicked off since the last
    // read asks again, or its stream would be missing until the list went stale.
    staleTime: 5_000,
    refetchInterval: (query) => missingOfferRetry(query.state.data, liveMatchId),
  });
}

/** The stream address of one match; asked only once the member chose to watch. */
export function useLiveSwitch(matchId: number, sportId: number, type: number | null) {
  const token = useSessionStore((state) => state.session?.token);
  return useQuery({
    queryKey: ['sports', 'live-switch', matchId, sportId, type, token],
    queryFn: () => callApi(matchLiveSwitch, { matchId, sportId, type: type ?? streamType.video }),
    enabled: token !== undefined && type !== null,
  });
}
