import { sitePostList } from '@sb/contract';
import { useQuery } from '@tanstack/react-query';
import { callConsole } from '../api/console-api';
import { canAct } from '../app/desks';
import { useSessionStore } from '../session/session-store';

/** The most activity posts the desk reads at once: the site desk's own page limit. */
const postsMax = 100;

/**
 * The site's activity posts (not deleted), newest first, through the site desk's list: the
 * posts an activity campaign may present itself by, and the titles its cards show. Asked only
 * by an operator the site desk answers (support, or admin); `canRead` false, or the query's
 * error, leaves the posts to be named by id.
 */
export function useActivityPosts() {
  const roles = useSessionStore((state) => state.session?.operator.roles ?? []);
  const canRead = canAct(roles, 'support');
  const posts = useQuery({
    queryKey: ['promotionActivityPosts'],
    queryFn: () => callConsole(sitePostList, { kind: 'activity', page: 1, size: postsMax }),
    enabled: canRead,
    staleTime: 60_000,
    retry: false,
  });
  return { posts, canRead };
}
