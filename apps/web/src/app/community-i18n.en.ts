export const texts = {
  community: {
    title: 'Community',
    navLink: 'Community',
    backToBoard: 'Back to the matches',
  },
};

/** The shape every language's texts of the community page take. */
export type Texts = typeof texts;
