import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { matchSocketState } from '../live/match-socket';

/**
 * SPEC §8: when the game socket fails to reconnect, the board says `network error.` until it
 * is back; odds on screen stop moving meanwhile. A server's refusal (a dead token) is not a
 * network error and is left to the identity's own handling.
 */
export function NetworkErrorNotice() {
  const { t } = useTranslation();
  const state = useSyncExternalStore(matchSocketState.subscribe, matchSocketState.get);
  if (state.kind !== 'offline') return null;
  return (
    <p
      className="network-error"
      role="alert"
      data-testid="network-error"
      data-reason={state.reason}
    >
      {t('sportsLive.networkError')}
    </p>
  );
}
