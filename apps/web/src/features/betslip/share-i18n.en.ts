export const texts = {
  shareDialog: {
    open: 'Share',
    title: 'Share this bet',
    privacy: 'What others see',
    privacyAll: 'Everything',
    privacyNoAmounts: 'Without stake and return',
    privacyAnonymous: 'Anonymous',
    comment: 'Comment (optional)',
    commentHint: 'Say why you like it',
    count: '{{used}} / {{max}}',
    share: 'Share',
    shared: 'Your bet is shared. Anyone with the code or link can see it.',
    alreadyShared: 'This bet was already shared: here is its code.',
    code: 'Code',
    link: 'Link',
    copyLink: 'Copy link',
    copied: 'Link copied',
  },
};

export type Texts = typeof texts;
