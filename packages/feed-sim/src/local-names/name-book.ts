/**
 * The words the simulated world's names are made of, in one other language, keyed by the
 * English the world is drawn in: each pool of names.ts and each league's name and category.
 */
export interface NameBook {
  /** Every town of every style in TOWNS. */
  towns: Readonly<Record<string, string>>;
  /** Every club pattern ({t} is the town), of CLUB_PATTERNS and of the league tables' own. */
  clubPatterns: Readonly<Record<string, string>>;
  /** North American style nicknames (a town's nickname team is the town then the nickname). */
  nicknames: Readonly<Record<string, string>>;
  /** Men's and women's first names and last names (a player is the first then the last). */
  firstNames: Readonly<Record<string, string>>;
  lastNames: Readonly<Record<string, string>>;
  /** The two words of esports teams and of horses. */
  esportsWords: Readonly<Record<string, string>>;
  horseWords: Readonly<Record<string, string>>;
  /** League names and categories (countries and regions) of the league tables. */
  leagues: Readonly<Record<string, string>>;
  categories: Readonly<Record<string, string>>;
}
