import type { Texts } from './share-i18n.en';

export const texts: Texts = {
  shareDialog: {
    open: '分享',
    title: '分享這筆注單',
    privacy: '他人可見內容',
    privacyAll: '全部',
    privacyNoAmounts: '不含投注額和返還',
    privacyAnonymous: '匿名',
    comment: '評論（可選）',
    commentHint: '說說你的理由',
    count: '{{used}} / {{max}}',
    share: '分享',
    shared: '注單已分享，任何人憑分享碼或連結均可查看。',
    alreadyShared: '這筆注單已分享過，分享碼如下。',
    code: '分享碼',
    link: '連結',
    copyLink: '複製連結',
    copied: '連結已複製',
  },
};
