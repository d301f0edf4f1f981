import { MIN_DECIMAL_ODDS, roundOdds } from './price';

/**
 * Plays priced as two-way lines (Asian handicap and over/under, full time and first period,
 * and the main-line plays 16 and 18; football's team totals 23 and 24 and total cards 27, ice
 * hockey's puck line 30). A member's oddsConfig carries a separate extra margin for these
 * "handicap" markets and for everything else.
 */
export const HANDICAP_PLAY_IDS: ReadonlySet<number> = new Set([
  1, 2, 4, 5, 16, 18,
  // Football's team totals and total cards, ice hockey's puck line.
  23, 24, 27, 30,
  // Basketball's quarter, second-half and team lines; esports' later maps' rounds lines.
  40, 41, 42, 43, 44, 45, 49, 50,
]);

export function isHandicapPlay(playId: number): boolean {
  return HANDICAP_PLAY_IDS.has(playId);
}

/** A member's extra margins, in thousandths of implied probability. */
export interface MemberOddsConfig {
  nonHandicap: number;
  handicap: number;
  base: number;
}

export const NO_EXTRA_MARGIN: MemberOddsConfig = { nonHandicap: 0, handicap: 0, base: 0 };

/** A finite number at `index`, else 0. */
function marginAt(values: readonly unknown[], index: number): number {
  const value = values[index];
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/**
 * Reads SPEC's oddsConfig in either of its shapes: three numbers (non-handicap, handicap, base)
 * or five numbers whose first three mean the same and whose fifth is the risk level (the fourth
 * has no pricing meaning). A comma-joined string is accepted as well, and a config already read
 * is returned as it is; anything unreadable counts as no extra margin.
 */
export function parseOddsConfig(
  config: readonly number[] | string | MemberOddsConfig | null | undefined,
): MemberOddsConfig {
  if (config !== null && typeof config === 'object' && !Array.isArray(config))
    return config as MemberOddsConfig;
  const values = typeof config === 'string' ? config.split(',').map(Number) : (config ?? []);
  return {
    nonHandicap: marginAt(values, 0),
    handicap: marginAt(values, 1),
    base: marginAt(values, 2),
  };
}

/** Extra margin for one play: the base plus the handicap or non-handicap part. */
export function extraMarginFor(config: MemberOddsConfig, playId: number): number {
  return config.base + (isHandicapPlay(playId) ? config.handicap : config.nonHandicap);
}

/**
 * Adds `thousandths` / 1000 to a price's implied probability. The result is rounded down to two
 * decimals (the house never rounds a margin away) and never below 1.01; a price that is already
 * at the floor stays there. A negative extra (a better price for a favoured member) is allowed.
 */
export function applyExtraMargin(decimal: number, thousandths: number): number {
  if (thousandths === 0) return roundOdds(decimal);
  const implied = 1 / decimal + thousandths / 1000;
  // An implied probability this small would mean a price above 1000: keep the original.
  if (implied <= 0.001) return roundOdds(decimal);
  return Math.max(roundOdds(1 / implied, 'down'), MIN_DECIMAL_ODDS);
}

/**
 * The price a member sees and is paid for a feed price: the one function server and web share.
 * `bookMargin` is the operators' margin on the play (thousandths of implied probability, the
 * book's own, for every member); it adds to the member's extra margin, and the sum is applied
 * once, so the price is rounded once. A config read once (`parseOddsConfig`) spares reading it
 * again for every price of a list.
 */
export function memberOdds(
  decimal: number,
  playId: number,
  oddsConfig: readonly number[] | string | MemberOddsConfig | null | undefined,
  bookMargin = 0,
): number {
  return applyExtraMargin(
    decimal,
    bookMargin + extraMarginFor(parseOddsConfig(oddsConfig), playId),
  );
}
