import type { ComponentType } from 'react';
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
 * `isUnlinked`: it is routed, in both layouts, but neither header nor menu links it.
 */
export const memberPages: readonly MemberPage[] = [
  { path: 'records', Page: RecordsPage, navText: 'records.navLink' },
  { path: 'community', Page: CommunityPage, navText: 'community.navLink' },
  { path: 'promotions', Page: PromotionsPage, navText: 'promotions.navLink' },
  { path: 'share/:code', Page: SharePage, isUnlinked: true },
];

type MemberPage =
  | { path: string; Page: ComponentType; navText: string; isUnlinked?: false }
  | { path: string; Page: ComponentType; isUnlinked: true };

/** The pages the header and the phone's account menu link, in order. */
export const linkedPages: readonly PageLink[] = memberPages.flatMap((page) =>
  page.isUnlinked ? [] : [{ path: page.path, navText: page.navText }],
);

/** What a header needs of the pages to link them. */
export type PageLink = { path: string; navText: string };
