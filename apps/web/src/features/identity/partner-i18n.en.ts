/** Texts of partner players (SPEC §1 partner-embedded users), under a namespace of their own. */
export const texts = {
  partner: {
    badge: 'Partner',
    badgeTitle: 'Signed in through partner {{channel}}',
    player: 'Partner player',
  },
};

/** The shape every language's texts of this feature take. */
export type Texts = typeof texts;
