import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../lib/query-client';

/**
 * Reads what the server answers in the page's language again when it changes: match, league
 * and team names come in the language each call asks in (`lang`), and the cached answers were
 * asked in the previous one.
 */
export function useRefetchOnLanguageChange(): void {
  const { i18n } = useTranslation();
  useEffect(() => {
    const refetch = () => void queryClient.invalidateQueries();
    i18n.on('languageChanged', refetch);
    return () => i18n.off('languageChanged', refetch);
  }, [i18n]);
}
