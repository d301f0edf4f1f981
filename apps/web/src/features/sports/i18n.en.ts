export const texts = {
  sportsBoard: {
    sportsLabel: 'Sports',
    sport: {
      football: 'Football',
      basketball: 'Basketball',
      tennis: 'Tennis',
      volleyball: 'Volleyball',
      iceHockey: 'Ice Hockey',
      tableTennis: 'Table Tennis',
      badminton: 'Badminton',
      esports: 'Esports',
      outrights: 'Outrights',
      virtualFootball: 'Virtual Football',
      virtualBasketball: 'Virtual Basketball',
      virtualRacing: 'Virtual Racing',
    },
    search: 'Search teams or leagues, all sports',
    searchFound: '{{count}} found in {{sports}}',
    resultsTitle: 'Results',
    resultsDate: 'Date',
    previousDay: 'Previous day',
    nextDay: 'Next day',
    noResultsOn: 'No results on {{date}}',
    loading: 'Loading matches…',
    noMatches: 'No matches here right now',
    more: '+{{count}}',
    periods: 'Scores by period',
    close: 'Close',
    headToHead: 'Head to head',
    headToHeadTitle: 'Head to head: {{title}}',
    video: 'Live video',
    animation: 'Live animation',
    streamUnavailable: 'This stream is not available now.',
    resultState: {
      ended: 'Ended',
      closed: 'Final',
      cancelled: 'Cancelled',
      postponed: 'Postponed',
      abandoned: 'Abandoned',
    },
  },
  sportsFavourites: {
    view: 'Favourites',
    add: 'Add to favourites',
    remove: 'Remove from favourites',
    favSucc: 'Added to favourites',
  },
  sportsOdds: {
    style: 'Odds',
    decimal: 'Decimal',
    hongKong: 'Hong Kong',
    malay: 'Malay',
    indonesian: 'Indonesian',
    american: 'American',
  },
  sportsLive: {
    /** SPEC §8: the game socket could not reconnect. */
    networkError: 'network error.',
  },
};

/** The shape every language's texts of this feature take. */
export type Texts = typeof texts;
