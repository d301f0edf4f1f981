import type { MatchWire } from '@sb/contract';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** What the history entry of an open detail carries: the match it shows. */
interface DetailStep {
  matchDetail: number;
}

function isDetailStep(state: unknown): state is DetailStep {
  return typeof (state as Partial<DetailStep> | null)?.matchDetail === 'number';
}

/**
 * The match detail as a step in the member's history. Opening it adds an entry to the address's
 * history (another match's detail replaces that entry), so the browser's or the phone's Back
 * closes the detail, where on a phone it covers the whole screen and Back is how people leave a
 * screen; the close button goes back the same way. The detail shows only while its entry is the
 * current one, so any other way off it (a header tab, Forward) leaves it closed too.
 */
export function useDetailHistory() {
  const location = useLocation();
  const navigate = useNavigate();
  const [opened, setOpened] = useState<MatchWire | null>(null);
  const isOnDetail = isDetailStep(location.state);
  const { pathname, search } = location;

  const open = useCallback(
    (match: MatchWire) => {
      setOpened(match);
      const step: DetailStep = { matchDetail: match.b };
      void navigate({ pathname, search }, { state: step, replace: isOnDetail });
    },
    [navigate, pathname, search, isOnDetail],
  );
  const close = useCallback(() => {
    // Gone at once; going back then takes the detail's entry off the history.
    setOpened(null);
    if (isOnDetail) void navigate(-1);
  }, [navigate, isOnDetail]);
  // Left by Back or a link: what was open is let go, so a later Forward finds nothing stale.
  useEffect(() => {
    if (!isOnDetail) setOpened(null);
  }, [isOnDetail]);

  return { detail: isOnDetail ? opened : null, open, close };
}
