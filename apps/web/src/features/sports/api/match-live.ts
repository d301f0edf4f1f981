import { matchLive, matchLiveSwitch } from '@sb/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { useSessionStore } from '../../identity/store/session-store';

/** Which stream a match offers: 1 video, 2 animation (the live/switch `type`). */
export const streamType = { video: 1, animation: 2 } as const;

/** Video and animation per match, and whether the viewer's isShow lets them see any. */
export function useLiveStreams(sportId: number) {
  const token = useSessionStore((state) => state.session?.token);
  return useQuery({
    queryKey: ['sports', 'live', sportId, token],
    queryFn: () => callApi(matchLive, { sportId }),
    enabled: token !== undefined,
    // Matches go live all the time: a detail opened on a match that kicked off since the last
    // read asks again, or its stream would be missing until the list went stale.
    staleTime: 5_000,
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
