import type { Texts } from './i18n.en';

export const texts: Texts = {
  notices: {
    label: '公告',
    badge: '公告',
    previous: '上一條公告',
    next: '下一條公告',
    position: '{{current}} / {{count}}',
  },
};
