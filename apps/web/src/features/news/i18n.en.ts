export const texts = {
  news: {
    tab: 'News',
    activitiesTab: 'Activities',
    listLabel: 'News and notices',
    notice: 'Notice',
    article: 'News',
    read: 'Read more',
    published: 'Published {{time}}',
    empty: 'No news or notices right now.',
    loading: 'Loading…',
    loadFailed: 'This could not be loaded. Please try again later.',
    retry: 'Try again',
    notFound: 'This item is no longer available.',
    back: 'Back',
    backToNews: 'Back to news',
    activitiesLabel: 'Activities',
    activitiesEmpty: 'No activities are running right now.',
    activityNotFound: 'This activity has ended or is no longer available.',
    backToActivities: 'Back to activities',
    period: '{{from}} – {{until}}',
    periodOpen: 'From {{from}}',
    details: 'Details and terms',
    terms: 'Terms and conditions',
    noTerms: 'This activity has no further terms.',
    goToOffer: 'Take part',
  },
};

/** The shape every language's texts of this feature take. */
export type Texts = typeof texts;
