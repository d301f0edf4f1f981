export const texts = {
  notices: {
    label: 'Notices',
    badge: 'Notice',
    previous: 'Previous notice',
    next: 'Next notice',
    position: '{{current}} / {{count}}',
  },
};

/** The shape every language's texts of this feature take. */
export type Texts = typeof texts;
