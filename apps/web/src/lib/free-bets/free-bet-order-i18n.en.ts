/** An order a free bet staked, as my bets, the receipt and the records page name it. */
export const texts = {
  freeBetOrder: {
    badge: 'Free bet',
    stake: 'Free-bet stake',
  },
};

export type Texts = typeof texts;
