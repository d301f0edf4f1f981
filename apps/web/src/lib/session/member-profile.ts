import { memberProfile, type UserInfo } from '@sb/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../api-client';
import { useSessionStore } from './session-store';

export function fetchProfile(): Promise<UserInfo> {
  return callApi(memberProfile, {});
}

/** Keyed by uid and token so every identity change loads a fresh profile. */
export function profileQueryKey(uid: string | undefined, token: string | undefined) {
  return ['member-profile', uid, token] as const;
}

export function useProfile() {
  const session = useSessionStore((state) => state.session);
  return useQuery({
    queryKey: profileQueryKey(session?.uid, session?.token),
    queryFn: fetchProfile,
    enabled: session !== null,
  });
}
