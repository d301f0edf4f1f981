import { noticeList } from '@sb/contract';
import { parseLanguage } from '@sb/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session/session-store';

/** Notices change rarely: a page left open reads them again every few minutes. */
const noticesRefreshMs = 5 * 60_000;

/**
 * The notices (and banners) members see now, in the language the site shows (sent as `lang`
 * with every call). Sent without identity: the call is public and the same for everyone, and a
 * notice that fails to load is no reason for a message, so it fails silently. It waits for the
 * identity the app starts with, as the match calls do: until then the API client is not set up
 * and would send no `lang`.
 */
export function useNotices() {
  const { i18n } = useTranslation();
  const language = parseLanguage(i18n.language);
  const hasSession = useSessionStore((state) => state.session !== null);
  return useQuery({
    queryKey: ['notices', language],
    queryFn: () => callApi(noticeList, {}, { credentials: null, isSilent: true }),
    enabled: hasSession,
    staleTime: 60_000,
    refetchInterval: noticesRefreshMs,
  });
}
