import { useEffect } from 'react';
import { useAppInit, useSiteVisibility } from '../lib/app-init/site-init';
import { selectSource, useSessionStore } from '../lib/session/session-store';
import { useSlipStore } from '../lib/slip/slip-store';

/**
 * App init for the whole page (SPEC §3, §4): reads `sysinit` once there is an identity, keeps the
 * flavour of the session, and keeps the bet slip free of selections the control switches hide
 * (the sports board drops their tabs and matches itself).
 */
export function useSiteInit(): void {
  const hasSession = useSessionStore((state) => state.session !== null);
  const source = useSessionStore(selectSource);
  useAppInit({ hasSession, source });
  const visibility = useSiteVisibility();
  useEffect(() => {
    useSlipStore.getState().keepVisible(visibility);
  }, [visibility]);
}
