import { useEffect } from 'react';
import { useSessionStore } from '../../../lib/session/session-store';
import { useSlipStore } from '../../../lib/slip/slip-store';
import { fetchOptionsNow } from '../api/match-leg-list';

/**
 * Keeps the slip's prices the viewer's own. The board prices every option for whoever is signed
 * in (a member's margins), so a pick made as a visitor, or before an account switch, shows
 * another viewer's price until read again: once the session's token is not the one the slip
 * was priced for, its options are read through the leg list with the new session, and an
 * answer that arrives after another sign-in is dropped. A failed read leaves the prices as they
 * were (placing checks them anyway) until the next sign-in.
 */
export function useViewerPrices(): void {
  const token = useSessionStore((state) => state.session?.token ?? '');
  const isStale = useSlipStore(
    (state) => state.selections.length > 0 && state.pricedForToken !== token,
  );
  useEffect(() => {
    if (!isStale) return;
    let isCurrent = true;
    fetchOptionsNow(useSlipStore.getState().selections).then(
      (options) => {
        if (isCurrent) useSlipStore.getState().takeViewerPrices(token, options);
      },
      () => {},
    );
    return () => {
      isCurrent = false;
    };
  }, [isStale, token]);
}
