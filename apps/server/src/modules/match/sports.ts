import { findSport, sportCatalogue } from '@sb/domain';

/** DESIGN §6 sports in menu order, named in each site language (`packages/domain` sports.ts). */
export { findSport, sportCatalogue };

/** Basketball's plays of a period (halves, quarters): the second basketball table. */
export const basketballPeriodPlays: ReadonlySet<number> = new Set([
  4, 5, 7, 11,
  // Each quarter's handicap and total, the second half's handicap and total.
  40, 41, 42, 43,
]);
