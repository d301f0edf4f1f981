import { parseLanguage } from '@sb/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { selectSource, useSessionStore } from '../../../lib/session/session-store';
import { connectMatchSocket } from './match-socket';

/**
 * Holds the game socket for whoever is here: visitors have tokens too (docs/realtime.md). It
 * names teams and leagues in the page's language, and reconnects when that changes.
 */
export function useMatchSocketConnection(): void {
  const session = useSessionStore((state) => state.session);
  const source = useSessionStore(selectSource);
  const language = parseLanguage(useTranslation().i18n.language);
  useEffect(() => {
    connectMatchSocket(
      session ? { uid: session.uid, token: session.token } : null,
      source,
      language,
    );
  }, [session, source, language]);
}
