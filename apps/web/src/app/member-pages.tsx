import { type ComponentType, useMemo } from 'react';
import { useGamesOpen } from '../features/games/api/game-calls';
import { loadedOnUse } from '../lib/loaded-on-use';

/** The records page (its table, chart and filters) loads when first visited, not with #/index. */
const RecordsPage = loadedOnUse(() =>
  import('../features/records/components/records-page').then((module) => module.RecordsPage),
);

/** The community page (news, activities and the tabs of `communityTabs`) loads when first visited. */
const CommunityPage = loadedOnUse(() =>
  import('./community-page').then((module) => module.CommunityPage),
);

/** The promotions page (red envelopes, their draw checked in the browser) loads when first visited. */
const PromotionsPage = loadedOnUse(() =>
  import('../features/promotions/components/promotions-page').then(
    (module) => module.PromotionsPage,
  ),
);

/** The games lobby and a game's page (where the built-in provider's launch address leads). */
const GamesPage = loadedOnUse(() =>
  import('../features/games/components/games-page').then((module) => module.GamesPage),
);
const GamePlayPage = loadedOnUse(() =>
  import('../features/games/components/game-play-page').then((module) => module.GamePlayPage),
);

/** A shared order's page (its code in the address) loads when first opened from a link. */
const SharePage = loadedOnUse(() =>
  import('../features/shares/components/share-page').then((module) => module.SharePage),
);

/**
 * The member site's pages beside the index, declared once: the router puts each at #/<path> in
 * the desktop layout and at #/mini/<path> in the compact one, the desktop header links it (test
 * id `nav-<path>`) and so does the phone's account menu (`account-menu-<path>`), named by the
 * text `navText`. A product line's screen is one entry here (apps/web/README.md, Routes). A page
 * reached only from a link (a path with a parameter, as a share's `share/:code`) says
 * `isUnlinked`: it is routed, in both layouts, but neither header nor menu links it. A page
 * offered only to some callers says `useShown`, a hook the header and the menu call on every
 * render (in the list's fixed order) to decide whether its link is drawn; the route stays.
 */
export const memberPages: readonly MemberPage[] = [
  { path: 'records', Page: RecordsPage, navText: 'records.navLink' },
  { path: 'community', Page: CommunityPage, navText: 'community.navLink' },
  { path: 'promotions', Page: PromotionsPage, navText: 'promotions.navLink' },
  // Linked only when `/game/list` lists a product for the caller (their switches allow one).
  { path: 'games', Page: GamesPage, navText: 'games.navLink', useShown: useGamesOpen },
  { path: 'games/play/:gameId', Page: GamePlayPage, isUnlinked: true },
  { path: 'share/:code', Page: SharePage, isUnlinked: true },
];

type MemberPage =
  | {
      path: string;
      Page: ComponentType;
      navText: string;
      isUnlinked?: false;
      /** Whether the caller is offered the link: a hook, so it may read a query. */
      useShown?: () => boolean;
    }
  | { path: string; Page: ComponentType; isUnlinked: true };

const linkable = memberPages.flatMap((page) => (page.isUnlinked ? [] : [page]));

/** The pages the header and the phone's account menu may link, in order. */
export const linkedPages: readonly PageLink[] = linkable.map((page) => ({
  path: page.path,
  navText: page.navText,
}));

/**
 * The pages linked for the caller now: every linked page whose `useShown` (if any) says yes.
 * The hooks run in the list's order on every render; the list never changes, so neither does
 * the order.
 */
export function useLinkedPages(): readonly PageLink[] {
  const shown: boolean[] = [];
  for (const page of linkable) {
    // biome-ignore lint/correctness/useHookAtTopLevel: a fixed list, so the same hooks in the same order every render.
    shown.push(page.useShown ? page.useShown() : true);
  }
  const key = shown.map(String).join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `shown`.
  return useMemo(() => linkedPages.filter((_, at) => shown[at]), [key]);
}

/** What a header needs of the pages to link them. */
export type PageLink = { path: string; navText: string };
