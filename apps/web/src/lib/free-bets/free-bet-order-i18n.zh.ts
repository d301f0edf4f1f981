import type { Texts } from './free-bet-order-i18n.en';

export const texts: Texts = {
  freeBetOrder: {
    badge: '免费投注',
    stake: '免费投注额',
  },
};
