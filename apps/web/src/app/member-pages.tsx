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

/**
 * The member site's pages beside the index, declared once: the router puts each at #/<path> in
 * the desktop layout and at #/mini/<path> in the compact one, the desktop header links it (test
 * id `nav-<path>`) and so does the phone's account menu (`account-menu-<path>`), named by the
 * text `navText`. A product line's screen is one entry here (apps/web/README.md, Routes).
 */
export const memberPages = [
  { path: 'records', Page: RecordsPage, navText: 'records.navLink' },
  { path: 'community', Page: CommunityPage, navText: 'community.navLink' },
] as const satisfies readonly { path: string; Page: ComponentType; navText: string }[];

/** What a header needs of the pages to link them. */
export type PageLink = { path: string; navText: string };
