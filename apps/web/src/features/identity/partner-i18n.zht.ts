import type { Texts } from './partner-i18n.en';

export const texts: Texts = {
  partner: {
    badge: '合作方',
    badgeTitle: '通過合作方 {{channel}} 登錄',
    player: '合作方玩家',
  },
};
