import { type ComponentType, createElement } from 'react';
import { ActivityStanding } from '../features/activities/components/activity-standing';
import { ActivitiesTab } from '../features/news/components/activities-tab';
import { NewsTab } from '../features/news/components/news-tab';
import {
  PredictTab,
  PreviewsTab,
  RankTab,
} from '../features/predictions/components/predictions-tabs';
import { SharesTab } from '../features/shares/components/shares-tab';
import { TipstersTab } from '../features/shares/components/tipsters-tab';

/** The activities tab, each activity post with the rule it pays by and the member's standing. */
function ActivitiesWithStanding() {
  return createElement(ActivitiesTab, { DetailPart: ActivityStanding });
}

/** One tab of the community page: its address (`?tab=<id>`), its panel and its label's key. */
export interface CommunityTab {
  id: string;
  Panel: ComponentType;
  tabText: string;
}

/**
 * The community page's tabs, in the order shown; the first is the one a bare #/community
 * opens. A feature's part of the community is one entry here (its panel from its own folder,
 * its label among its texts); features never import each other, this list composes them.
 */
export const communityTabs = [
  { id: 'news', Panel: NewsTab, tabText: 'news.tab' },
  { id: 'activities', Panel: ActivitiesWithStanding, tabText: 'news.activitiesTab' },
  { id: 'shares', Panel: SharesTab, tabText: 'sharesTab.tab' },
  { id: 'tipsters', Panel: TipstersTab, tabText: 'tipstersTab.tab' },
  { id: 'previews', Panel: PreviewsTab, tabText: 'predictions.tabPreviews' },
  { id: 'predict', Panel: PredictTab, tabText: 'predictions.tabPredict' },
  { id: 'rank', Panel: RankTab, tabText: 'predictions.tabRank' },
] as const satisfies readonly CommunityTab[];
