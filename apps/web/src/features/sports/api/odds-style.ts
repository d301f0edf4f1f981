import { memberProfileEdit } from '@sb/contract';
import type { OddsStyle } from '@sb/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callApi } from '../../../lib/api-client';
import { profileQueryKey } from '../../../lib/session/member-profile';
import { useSessionStore } from '../../../lib/session/session-store';
import { useOddsStyleStore } from '../model/odds-style-store';

/**
 * The odds display style is the profile's `hdpStyle` (SPEC §3 user info), so it follows the
 * member to every device: the profile's value is taken whenever it is read, and a change is
 * shown at once and saved with the profile edit call. Visitors' profiles keep it too.
 */
export function useOddsStyleChoice(): (style: OddsStyle) => void {
  const profileStyle = useSessionStore((state) => state.userInfo?.hdpStyle);
  const setStyle = useOddsStyleStore((state) => state.setStyle);
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (hdpStyle: OddsStyle) => callApi(memberProfileEdit, { hdpStyle }),
    onSuccess: (userInfo) => {
      const session = useSessionStore.getState().session;
      queryClient.setQueryData(profileQueryKey(session?.uid, session?.token), userInfo);
      useSessionStore.getState().setUserInfo(userInfo);
    },
  });

  useEffect(() => {
    if (profileStyle !== undefined && profileStyle >= 0 && profileStyle <= 4)
      setStyle(profileStyle as OddsStyle);
  }, [profileStyle, setStyle]);

  return (style) => {
    setStyle(style);
    save.mutate(style);
  };
}
