import type { Texts } from './i18n.en';

export const texts: Texts = {
  layout: {
    settings: '設定',
  },
};
