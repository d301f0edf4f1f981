export const texts = {
  layout: {
    settings: 'Settings',
  },
};

/** The shape every language's texts of this feature take. */
export type Texts = typeof texts;
