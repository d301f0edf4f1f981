/** DESIGN §6 sports in tab order, with the key of their name in `sportsBoard.sport`. */
export const sportTabs = [
  { sportId: 1, key: 'football' },
  { sportId: 2, key: 'basketball' },
  { sportId: 3, key: 'tennis' },
  { sportId: 4, key: 'volleyball' },
  { sportId: 5, key: 'iceHockey' },
  { sportId: 20, key: 'tableTennis' },
  { sportId: 23, key: 'badminton' },
  { sportId: 31, key: 'esports' },
  { sportId: 1000, key: 'outrights' },
  { sportId: 10000001, key: 'virtualFootball' },
  { sportId: 10000002, key: 'virtualBasketball' },
  { sportId: 10000005, key: 'virtualRacing' },
] as const;

export type SportKey = (typeof sportTabs)[number]['key'];

/** The outrights sport: the header's outrights tab lists it. */
export const outrightSportId = 1000;
