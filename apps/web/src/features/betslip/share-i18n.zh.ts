import type { Texts } from './share-i18n.en';

export const texts: Texts = {
  shareDialog: {
    open: '分享',
    title: '分享这笔注单',
    privacy: '他人可见内容',
    privacyAll: '全部',
    privacyNoAmounts: '不含投注额和返还',
    privacyAnonymous: '匿名',
    comment: '评论（可选）',
    commentHint: '说说你的理由',
    count: '{{used}} / {{max}}',
    share: '分享',
    shared: '注单已分享，任何人凭分享码或链接均可查看。',
    alreadyShared: '这笔注单已分享过，分享码如下。',
    code: '分享码',
    link: '链接',
    copyLink: '复制链接',
    copied: '链接已复制',
  },
};
