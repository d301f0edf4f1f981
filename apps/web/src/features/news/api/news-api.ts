import { activityDetail, activityList, noticeDetail, noticePageList } from '@sb/contract';
import { parseLanguage } from '@sb/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session/session-store';

/** Items a list shows at a time (SPEC §9: lists page by 10). */
export const newsPageSize = 10;

/**
 * The calls are public and answer everyone alike, so they go without identity; each waits for
 * the identity the app starts with (until then the API client sends no `lang`), and a failure
 * is said on the page itself rather than in a toast.
 */
function useContentQuery<T>(
  key: readonly unknown[],
  read: () => Promise<T>,
  options: { isEnabled?: boolean; isList?: boolean } = {},
) {
  const { i18n } = useTranslation();
  const language = parseLanguage(i18n.language);
  const hasSession = useSessionStore((state) => state.session !== null);
  return useQuery({
    queryKey: ['site-content', language, ...key],
    queryFn: read,
    enabled: hasSession && options.isEnabled !== false,
    staleTime: 60_000,
    // A list keeps its page on screen while the next one loads; an item never shows another.
    placeholderData: options.isList ? keepPreviousData : undefined,
    retry: false,
  });
}

const silent = { credentials: null, isSilent: true } as const;

/** A page of notices and news, newest first. */
export function useNewsPage(page: number) {
  return useContentQuery(
    ['news', page],
    () => callApi(noticePageList, { page, size: newsPageSize }, silent),
    { isList: true },
  );
}

/** One notice or article by id; null means none to read. */
export function useArticle(id: number | null) {
  return useContentQuery(['article', id], () => callApi(noticeDetail, { id: id ?? 0 }, silent), {
    isEnabled: id !== null,
  });
}

/** A page of the activities running now. */
export function useActivities(page: number) {
  return useContentQuery(
    ['activities', page],
    () => callApi(activityList, { page, size: newsPageSize }, silent),
    { isList: true },
  );
}

/** One activity with its text and terms; null means none to read. */
export function useActivity(id: number | null) {
  return useContentQuery(['activity', id], () => callApi(activityDetail, { id: id ?? 0 }, silent), {
    isEnabled: id !== null,
  });
}
