import type { FeatureTexts } from '../../lib/i18n/resources';

const en = {
  notices: {
    label: 'Notices',
    badge: 'Notice',
    previous: 'Previous notice',
    next: 'Next notice',
    position: '{{current}} / {{count}}',
  },
};

const zh: typeof en = {
  notices: {
    label: '公告',
    badge: '公告',
    previous: '上一条公告',
    next: '下一条公告',
    position: '{{current}} / {{count}}',
  },
};

const zht: typeof en = {
  notices: {
    label: '公告',
    badge: '公告',
    previous: '上一條公告',
    next: '下一條公告',
    position: '{{current}} / {{count}}',
  },
};

export const noticesTexts: FeatureTexts<typeof en> = { en, zh, zht };
