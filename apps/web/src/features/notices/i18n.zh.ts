import type { Texts } from './i18n.en';

export const texts: Texts = {
  notices: {
    label: '公告',
    badge: '公告',
    previous: '上一条公告',
    next: '下一条公告',
    position: '{{current}} / {{count}}',
  },
};
