import type { Texts } from './free-bet-order-i18n.en';

export const texts: Texts = {
  freeBetOrder: {
    badge: '免費投注',
    stake: '免費投注額',
  },
};
